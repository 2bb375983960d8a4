import { assign, fromCallback, setup } from 'xstate';
import type { EventObject, SnapshotFrom } from 'xstate';

/**
 * One file transcription job: decode the file into chunks, open a session, transcribe and save
 * each chunk in turn, then close the session. Every effect is an invoked actor that reports back
 * with events, so the machine itself stays pure and the model can be replayed by events alone.
 *
 * Each ending goes through a closing state (finishing, failing, cancelling) whose effect settles
 * the session (STOP, FAIL or QUIT) before the job reaches completed, failed or cancelled.
 *
 * A job the service was running when it crashed is RESUMEd instead of STARTed at the next start:
 * it decodes the file again and goes on from the first chunk whose text was not committed, in the
 * session it had opened.
 */

/** One word of a recognised segment, timed as its segment is. */
export interface RecognisedWord {
  text: string;
  startMs: number;
  endMs: number;
  speaker?: string | null;
  confidence?: number | null;
}

/** A piece of recognised text, its times relative to the start of the chunk it came from. */
export interface RecognisedSegment {
  text: string;
  startMs: number;
  endMs: number;
  speaker?: string | null;
  language?: string | null;
  /** Where the provider timed its words. */
  words?: RecognisedWord[];
}

export type SessionClosing = { type: 'STOP' } | { type: 'FAIL'; reason: string } | { type: 'QUIT' };

export type FileJobEvent =
  | { type: 'START' }
  | { type: 'RESUME'; chunksDone: number }
  | { type: 'DECODING_PROGRESS'; fraction: number }
  | { type: 'AUDIO_READY'; chunkDurationsMs: number[] }
  | { type: 'SESSION_OPENED' }
  | { type: 'UPLOAD_PROGRESS'; sentBytes: number; totalBytes: number }
  | { type: 'PROCESSING'; fraction?: number }
  | { type: 'CHUNK_TRANSCRIBED'; segments: RecognisedSegment[] }
  | { type: 'SEGMENTS_SAVED' }
  | { type: 'SESSION_CLOSED' }
  | { type: 'FAILED'; message: string }
  | { type: 'CANCEL' };

export interface FileJobContext {
  /** 0–1, never going back. */
  progress: number;
  chunkCount: number;
  /** The chunk being transcribed or saved, from 0. */
  chunkIndex: number;
  /** Chunks committed before a restart resumed the job; 0 for a job run once. */
  chunksDoneBefore: number;
  chunkDurationsMs: number[];
  /** The current chunk's segments, between its transcription and its saving. */
  transcribed: RecognisedSegment[];
  error: string | null;
}

/** Decoding is fast next to recognition; it gets this much of the progress bar. */
export const decodingShare = 0.1;
/** Of each chunk's share, the part its upload fills; processing fills the rest. */
export const uploadShareOfChunk = 0.5;

// The effects are declared here and provided by the runner (actors/fileJob). These stand-ins do
// nothing, so the machine can be driven, tested and visualised by sending it the events alone.
function effect<Input>() {
  return fromCallback<EventObject, Input>(() => undefined);
}

export const fileJobMachine = setup({
  types: {
    context: {} as FileJobContext,
    events: {} as FileJobEvent,
  },
  actors: {
    prepareAudio: effect<undefined>(),
    openSession: effect<undefined>(),
    transcribeChunk: effect<{ chunkIndex: number }>(),
    saveSegments: effect<{ chunkIndex: number; segments: RecognisedSegment[] }>(),
    closeSession: effect<SessionClosing>(),
  },
  guards: {
    hasMoreChunks: ({ context }) => context.chunkIndex + 1 < context.chunkCount,
    allChunksSaved: ({ context }) => context.chunkIndex >= context.chunkCount,
  },
  actions: {
    recordFailure: assign({
      error: ({ context, event }) => {
        if (event.type !== 'FAILED') return context.error;
        return context.error === null ? event.message : `${context.error} ${event.message}`;
      },
    }),
    noteProcessing: assign({
      progress: ({ context, event }) => {
        if (event.type !== 'PROCESSING') return context.progress;
        const processed = event.fraction === undefined ? 0 : clampFraction(event.fraction);
        return advance(
          context,
          chunkProgress(context, uploadShareOfChunk + (1 - uploadShareOfChunk) * processed),
        );
      },
    }),
  },
}).createMachine({
  id: 'fileJob',
  initial: 'queued',
  context: {
    progress: 0,
    chunkCount: 0,
    chunkIndex: 0,
    chunksDoneBefore: 0,
    chunkDurationsMs: [],
    transcribed: [],
    error: null,
  },
  states: {
    queued: {
      on: {
        START: 'preparing',
        RESUME: {
          target: 'preparing',
          actions: assign({ chunksDoneBefore: ({ event }) => Math.max(0, Math.floor(event.chunksDone)) }),
        },
        CANCEL: 'cancelling',
      },
    },
    preparing: {
      invoke: { src: 'prepareAudio' },
      on: {
        DECODING_PROGRESS: {
          actions: assign({
            progress: ({ context, event }) => advance(context, decodingShare * clampFraction(event.fraction)),
          }),
        },
        AUDIO_READY: {
          target: 'opening',
          actions: assign(({ context, event }) => {
            const decoded: FileJobContext = {
              ...context,
              chunkDurationsMs: event.chunkDurationsMs,
              chunkCount: event.chunkDurationsMs.length,
              chunkIndex: Math.min(context.chunksDoneBefore, event.chunkDurationsMs.length),
            };
            return { ...decoded, progress: advance(decoded, chunkProgress(decoded, 0)) };
          }),
        },
        FAILED: { target: 'failing', actions: 'recordFailure' },
        CANCEL: 'cancelling',
      },
    },
    opening: {
      invoke: { src: 'openSession' },
      on: {
        SESSION_OPENED: [{ guard: 'allChunksSaved', target: 'finishing' }, { target: 'transcribing' }],
        FAILED: { target: 'failing', actions: 'recordFailure' },
        CANCEL: 'cancelling',
      },
    },
    transcribing: {
      initial: 'chunk',
      on: {
        FAILED: { target: 'failing', actions: 'recordFailure' },
        CANCEL: 'cancelling',
      },
      states: {
        chunk: {
          initial: 'uploading',
          // On the parent of uploading and processing, so one provider call spans both.
          invoke: { src: 'transcribeChunk', input: ({ context }) => ({ chunkIndex: context.chunkIndex }) },
          on: {
            CHUNK_TRANSCRIBED: {
              target: 'saving',
              actions: assign({
                transcribed: ({ event }) => event.segments,
                progress: ({ context }) => advance(context, chunkProgress(context, 1)),
              }),
            },
          },
          states: {
            uploading: {
              on: {
                UPLOAD_PROGRESS: {
                  actions: assign({
                    progress: ({ context, event }) =>
                      advance(
                        context,
                        chunkProgress(context, uploadShareOfChunk * ratio(event.sentBytes, event.totalBytes)),
                      ),
                  }),
                },
                PROCESSING: { target: 'processing', actions: 'noteProcessing' },
              },
            },
            processing: {
              on: {
                PROCESSING: { actions: 'noteProcessing' },
              },
            },
          },
        },
        saving: {
          invoke: {
            src: 'saveSegments',
            input: ({ context }) => ({ chunkIndex: context.chunkIndex, segments: context.transcribed }),
          },
          on: {
            SEGMENTS_SAVED: [
              {
                guard: 'hasMoreChunks',
                target: 'chunk',
                actions: assign({
                  chunkIndex: ({ context }) => context.chunkIndex + 1,
                  transcribed: [],
                }),
              },
              { target: '#fileJob.finishing', actions: assign({ transcribed: [] }) },
            ],
          },
        },
      },
    },
    finishing: {
      invoke: { src: 'closeSession', input: { type: 'STOP' } },
      on: {
        SESSION_CLOSED: { target: 'completed', actions: assign({ progress: 1 }) },
        FAILED: { target: 'failing', actions: 'recordFailure' },
      },
    },
    failing: {
      invoke: {
        src: 'closeSession',
        input: ({ context }) => ({ type: 'FAIL', reason: context.error ?? 'The job failed.' }),
      },
      on: {
        SESSION_CLOSED: 'failed',
        FAILED: { target: 'failed', actions: 'recordFailure' },
      },
    },
    cancelling: {
      invoke: { src: 'closeSession', input: { type: 'QUIT' } },
      on: {
        SESSION_CLOSED: 'cancelled',
        FAILED: { target: 'failed', actions: 'recordFailure' },
      },
    },
    completed: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type FileJobSnapshot = SnapshotFrom<typeof fileJobMachine>;

/** The innermost state, the one word a person needs: uploading, processing, failed… */
export type FileJobState =
  | 'queued'
  | 'preparing'
  | 'opening'
  | 'uploading'
  | 'processing'
  | 'saving'
  | 'finishing'
  | 'failing'
  | 'cancelling'
  | 'completed'
  | 'failed'
  | 'cancelled';

export function fileJobStateOf(snapshot: FileJobSnapshot): FileJobState {
  let value: unknown = snapshot.value;
  while (typeof value === 'object' && value !== null) value = Object.values(value)[0];
  return value as FileJobState;
}

/** Overall progress with `fraction` of the current chunk done: its share follows its duration. */
function chunkProgress(context: FileJobContext, fraction: number): number {
  const total = context.chunkDurationsMs.reduce((sum, duration) => sum + duration, 0);
  if (total <= 0) return decodingShare;
  const before = context.chunkDurationsMs.slice(0, context.chunkIndex).reduce((sum, d) => sum + d, 0);
  const current = context.chunkDurationsMs[context.chunkIndex] ?? 0;
  return decodingShare + ((1 - decodingShare) * (before + current * clampFraction(fraction))) / total;
}

// Retried uploads start counting again; the bar does not.
function advance(context: FileJobContext, progress: number): number {
  return Math.max(context.progress, Math.min(1, progress));
}

function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

function clampFraction(fraction: number): number {
  return Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
}
