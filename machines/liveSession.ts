import { assign, setup } from 'xstate';

/**
 * One live transcription session from the first audio to its stored end. Pure: the session actor
 * provides the effects (openStream, replayAudio, finishStream, dropStream, commitTentative,
 * storeCompleted, storeInterrupted) and reports what the provider stream did.
 *
 * A stream that drops is reopened with a growing backoff while audio keeps being buffered, and
 * the audio not yet committed is replayed into the new stream, so the session stays one session.
 * A permanent error, or too many failed reconnects, ends it `interrupted`. A stream that ends on
 * its own while the user is still recording is a drop, never a silent "still recording".
 *
 * A provider that cannot be reached at all (connection refused, no such host) is a drop like any
 * other mid-session, but it ends the session `interrupted` at once on the first connection (the
 * user is there to start the server or fix the address) and after Stop (nobody should wait
 * through the reconnects for a tail that cannot be transcribed).
 */

export type LiveSessionEvent =
  /** The provider accepted the stream: buffered audio is replayed and audio flows. */
  | { type: 'STREAM_READY' }
  /** The provider committed text: the connection is doing useful work again. */
  | { type: 'COMMITTED' }
  /**
   * The stream failed; `permanent` failures (refused key, no credit) are not retried. `unreachable`:
   * nothing answered at the provider's address at all (connection refused, no such host).
   */
  | { type: 'STREAM_FAILED'; permanent: boolean; message: string; unreachable?: boolean }
  /** The provider's terminal event arrived. */
  | { type: 'STREAM_FINISHED' }
  /** The provider did not confirm the end of the stream in time. */
  | { type: 'FINISH_TIMED_OUT' }
  /** The user stopped the recording. */
  | { type: 'STOP' }
  /**
   * The service is shutting down and cannot wait for the end: what was committed is kept, the
   * session is `interrupted` and `message` says what is missing.
   */
  | { type: 'SHUTDOWN'; message: string };

export interface LiveSessionContext {
  /** Reconnects since the stream last committed text. */
  failedAttempts: number;
  stopRequested: boolean;
  /** The last failure, shown to the user and stored on an interrupted session. */
  error: string | null;
}

/** Reconnects without any committed text in between before the session gives up. */
export const maxFailedAttempts = 6;

export function reconnectBackoffMs(failedAttempts: number): number {
  return Math.min(500 * 2 ** Math.max(0, failedAttempts - 1), 8_000);
}

/** Any state that has not ended: the service shuts down and cannot wait for the provider. */
const shutDown = { target: 'interrupted', actions: ['recordError', 'commitTentative'] } as const;

export const liveSessionMachine = setup({
  types: {
    context: {} as LiveSessionContext,
    events: {} as LiveSessionEvent,
  },
  // Placeholders: the session actor provides the real effects.
  actions: {
    openStream: () => {},
    replayAudio: () => {},
    finishStream: () => {},
    dropStream: () => {},
    commitTentative: () => {},
    storeCompleted: () => {},
    storeInterrupted: () => {},
    rememberStop: assign({ stopRequested: true }),
    forgetFailures: assign({ failedAttempts: 0, error: null }),
    countFailure: assign(({ context, event }) => ({
      failedAttempts: context.failedAttempts + 1,
      error: event.type === 'STREAM_FAILED' ? event.message : 'The provider ended the stream unexpectedly.',
    })),
    recordError: assign(({ event }) =>
      event.type === 'STREAM_FAILED' || event.type === 'SHUTDOWN' ? { error: event.message } : {},
    ),
    recordGivingUp: assign(({ context }) => ({
      error: `${context.error ?? 'The connection failed'} (gave up after ${maxFailedAttempts} reconnects).`,
    })),
  },
  guards: {
    isPermanent: ({ event }) => event.type === 'STREAM_FAILED' && event.permanent,
    isUnreachable: ({ event }) => event.type === 'STREAM_FAILED' && event.unreachable === true,
    // Every reconnect counts a failure before it is made: only the first connection has none counted.
    unreachableAtFirstConnectionOrAfterStop: ({ context, event }) =>
      event.type === 'STREAM_FAILED' &&
      event.unreachable === true &&
      (context.failedAttempts === 0 || context.stopRequested),
    attemptsExhausted: ({ context }) => context.failedAttempts + 1 >= maxFailedAttempts,
    stopRequested: ({ context }) => context.stopRequested,
  },
  delays: {
    reconnectBackoff: ({ context }) => reconnectBackoffMs(context.failedAttempts),
  },
}).createMachine({
  id: 'liveSession',
  initial: 'connecting',
  context: { failedAttempts: 0, stopRequested: false, error: null },
  states: {
    connecting: {
      entry: 'openStream',
      on: {
        STREAM_READY: [
          { guard: 'stopRequested', target: 'stopping', actions: 'replayAudio' },
          { target: 'streaming', actions: 'replayAudio' },
        ],
        STOP: { actions: 'rememberStop' },
        STREAM_FAILED: [
          { guard: 'isPermanent', target: 'interrupted', actions: 'recordError' },
          { guard: 'unreachableAtFirstConnectionOrAfterStop', target: 'interrupted', actions: 'recordError' },
          { guard: 'attemptsExhausted', target: 'interrupted', actions: ['countFailure', 'recordGivingUp'] },
          { target: 'reconnecting', actions: 'countFailure' },
        ],
        SHUTDOWN: shutDown,
      },
    },
    streaming: {
      on: {
        COMMITTED: { actions: 'forgetFailures' },
        STOP: { target: 'stopping', actions: 'rememberStop' },
        STREAM_FAILED: [
          { guard: 'isPermanent', target: 'interrupted', actions: 'recordError' },
          { guard: 'attemptsExhausted', target: 'interrupted', actions: ['countFailure', 'recordGivingUp'] },
          { target: 'reconnecting', actions: 'countFailure' },
        ],
        STREAM_FINISHED: [
          { guard: 'attemptsExhausted', target: 'interrupted', actions: ['countFailure', 'recordGivingUp'] },
          { target: 'reconnecting', actions: 'countFailure' },
        ],
        SHUTDOWN: shutDown,
      },
    },
    reconnecting: {
      entry: 'dropStream',
      on: { STOP: { actions: 'rememberStop' }, SHUTDOWN: shutDown },
      after: { reconnectBackoff: 'connecting' },
    },
    stopping: {
      entry: 'finishStream',
      on: {
        COMMITTED: { actions: 'forgetFailures' },
        STREAM_FINISHED: 'completed',
        // The audio has ended: what the provider showed but never confirmed is kept rather than lost.
        FINISH_TIMED_OUT: { target: 'completed', actions: 'commitTentative' },
        // The tail cannot be transcribed: what was shown is kept, and the session is `interrupted`
        // with the reason, never `completed` with a silent gap at its end.
        STREAM_FAILED: [
          { guard: 'isPermanent', target: 'interrupted', actions: ['recordError', 'commitTentative'] },
          { guard: 'isUnreachable', target: 'interrupted', actions: ['recordError', 'commitTentative'] },
          {
            guard: 'attemptsExhausted',
            target: 'interrupted',
            actions: ['countFailure', 'recordGivingUp', 'commitTentative'],
          },
          // The uncommitted tail is replayed into a new stream and finished there.
          { target: 'reconnecting', actions: 'countFailure' },
        ],
        SHUTDOWN: shutDown,
      },
    },
    completed: { type: 'final', entry: 'storeCompleted' },
    interrupted: { type: 'final', entry: ['dropStream', 'storeInterrupted'] },
  },
});
