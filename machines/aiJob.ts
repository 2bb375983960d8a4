import { assign, fromCallback, setup } from 'xstate';
import type { EventObject, SnapshotFrom } from 'xstate';

/**
 * One AI job for one session: generate what was asked (a summary, chapters, a correction…) part by
 * part, then save it. Effects are invoked actors provided by the runner (actors/aiJob), so the
 * machine stays pure and can be replayed by events alone.
 *
 * A transient failure (429, 5xx, a timeout) waits and runs the generation again, a few times, as
 * long as the vendor's Retry-After or the backoff says; a permanent one fails the job with the
 * vendor's reason. Nothing here waits for live capture or file jobs, nor they for it.
 */

export type AiJobEvent =
  | { type: 'START' }
  | { type: 'PROGRESS'; part: number; of: number }
  | { type: 'GENERATED' }
  | { type: 'FAILED'; message: string; transient: boolean; retryAfterMs?: number }
  | { type: 'SAVED' }
  | { type: 'CANCEL' };

export interface AiJobContext {
  /** The part being generated, from 1, and how many there are; 0 of 0 until the work is split. */
  part: number;
  partCount: number;
  /** Generation attempts that failed transiently, in a row. */
  failedAttempts: number;
  /** What the vendor asked us to wait before trying again, if it said. */
  retryAfterMs: number | null;
  error: string | null;
}

/** Tries after a transient failure before the job fails for good. */
export const maxTransientRetries = 3;

/** Backoff after the nth transient failure: 2 s, 4 s, 8 s…, at most a minute. */
export function retryBackoffMs(failedAttempts: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, failedAttempts - 1));
}

/** A vendor's Retry-After is honoured up to this; a longer one fails the job with its reason. */
export const longestRetryAfterMs = 5 * 60_000;

function effect<Input>() {
  return fromCallback<EventObject, Input>(() => undefined);
}

export const aiJobMachine = setup({
  types: {
    context: {} as AiJobContext,
    events: {} as AiJobEvent,
  },
  actors: {
    generate: effect<undefined>(),
    save: effect<undefined>(),
  },
  guards: {
    mayRetry: ({ context, event }) =>
      event.type === 'FAILED' &&
      event.transient &&
      context.failedAttempts < maxTransientRetries &&
      (event.retryAfterMs ?? 0) <= longestRetryAfterMs,
  },
  delays: {
    retryDelay: ({ context }) => context.retryAfterMs ?? retryBackoffMs(context.failedAttempts),
  },
  actions: {
    recordFailure: assign({
      error: ({ context, event }) => (event.type === 'FAILED' ? event.message : context.error),
    }),
  },
}).createMachine({
  id: 'aiJob',
  initial: 'queued',
  context: { part: 0, partCount: 0, failedAttempts: 0, retryAfterMs: null, error: null },
  states: {
    queued: {
      on: { START: 'running', CANCEL: 'cancelled' },
    },
    running: {
      invoke: { src: 'generate' },
      on: {
        PROGRESS: {
          actions: assign({
            part: ({ event }) => event.part,
            partCount: ({ event }) => event.of,
          }),
        },
        GENERATED: { target: 'saving', actions: assign({ failedAttempts: 0, retryAfterMs: null }) },
        FAILED: [
          {
            guard: 'mayRetry',
            target: 'waitingToRetry',
            actions: assign({
              failedAttempts: ({ context }) => context.failedAttempts + 1,
              retryAfterMs: ({ event }) => event.retryAfterMs ?? null,
              error: ({ event }) => event.message,
            }),
          },
          { target: 'failed', actions: 'recordFailure' },
        ],
        CANCEL: 'cancelled',
      },
    },
    waitingToRetry: {
      after: { retryDelay: 'running' },
      on: { CANCEL: 'cancelled' },
    },
    saving: {
      invoke: { src: 'save' },
      on: {
        SAVED: { target: 'done', actions: assign({ error: null }) },
        FAILED: { target: 'failed', actions: 'recordFailure' },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type AiJobSnapshot = SnapshotFrom<typeof aiJobMachine>;

export type AiJobState = 'queued' | 'running' | 'waitingToRetry' | 'saving' | 'done' | 'failed' | 'cancelled';

export function aiJobStateOf(snapshot: AiJobSnapshot): AiJobState {
  return snapshot.value;
}
