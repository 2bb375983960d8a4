import type { AnyStateMachine } from 'xstate';
import { aiJobMachine } from './aiJob.ts';
import { analyzeMachine, type MachineAnalysis, type ModelTraversal } from './analysis/modelPaths.ts';
import { batchWindowMachine, debounceMaxWaitMs } from './batchWindow.ts';
import { fileJobMachine } from './fileJob.ts';
import { liveSessionMachine } from './liveSession.ts';
import { proxyConnectionMachine } from './proxyConnection.ts';
import { sessionStatusMachine } from './sessionStatus.ts';
import { whisperRuntimeMachine } from './whisperRuntime.ts';

export interface CatalogEntry<M extends AnyStateMachine = AnyStateMachine> {
  /** The machine's id, which is also how actors, the visualizer and `earshot inspect` name it. */
  name: string;
  /** One line on what one actor of this machine is. */
  summary: string;
  machine: M;
  /**
   * The variant test paths are generated from, when the real one would give too many: the same
   * states and transitions, with smaller limits.
   */
  pathMachine?: M;
  traversal?: ModelTraversal<M>;
}

// Checks each entry against its own machine's event and snapshot types before the list erases them.
function entry<M extends AnyStateMachine>(model: CatalogEntry<M>): CatalogEntry {
  if (model.name !== model.machine.id)
    throw new Error(`catalog: ${model.name} names machine ${model.machine.id}`);
  return model;
}

/**
 * Every machine of the service: the visualizer draws them, `earshot inspect machines` prints them,
 * and the model-based tests and `npm run test:paths` cover them. Add one entry per machine.
 */
export const machineCatalog: readonly CatalogEntry[] = [
  entry({
    name: 'sessionStatus',
    summary: 'The stored status of a session: recording, interrupted or completed.',
    machine: sessionStatusMachine,
    traversal: { extraEvents: [{ type: 'FAIL', reason: 'model-based path' }] },
  }),
  entry({
    name: 'fileJob',
    summary: 'One file transcription: decode, then upload and transcribe each chunk, then save.',
    machine: fileJobMachine,
    traversal: {
      // Progress is a number that every event nudges; the states worth telling apart are where the job is
      // and which chunk it is on (and, resumed, where it goes on). Without this, each progress value multiplies the paths.
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.chunkIndex,
          snapshot.context.chunkCount,
          snapshot.context.chunksDoneBefore,
        ]),
      // Two chunks: enough to take the "next chunk" branch and the "last chunk" branch.
      extraEvents: [
        { type: 'DECODING_PROGRESS', fraction: 0.5 },
        { type: 'AUDIO_READY', chunkDurationsMs: [30_000, 10_000] },
        // Resumed after the first chunk, and after the last (the crash came before the session closed).
        { type: 'RESUME', chunksDone: 1 },
        { type: 'RESUME', chunksDone: 2 },
        { type: 'UPLOAD_PROGRESS', sentBytes: 500, totalBytes: 1000 },
        { type: 'PROCESSING', fraction: 0.5 },
        { type: 'CHUNK_TRANSCRIBED', segments: [{ text: 'model-based path', startMs: 0, endMs: 1000 }] },
        { type: 'FAILED', message: 'model-based failure' },
      ],
    },
  }),
  entry({
    name: 'whisperRuntime',
    summary: 'The managed whisper-server process (P14): start, 20 s readiness wait, restarts, stop.',
    machine: whisperRuntimeMachine,
  }),
  entry({
    name: 'proxyConnection',
    summary: 'One client of the provider proxy (/ws/<provider>) and the vendor connection it holds.',
    machine: proxyConnectionMachine,
    traversal: {
      extraEvents: [
        { type: 'UPSTREAM_FAILED', closeCode: 4502, message: 'model-based drop' },
        { type: 'CLIENT_INVALID', message: 'model-based bad message' },
      ],
    },
  }),
  entry({
    name: 'liveSession',
    summary: 'One live recording and its provider connection: connect, stream, reconnect, stop.',
    machine: liveSessionMachine,
    // A reconnect limit of 2 instead of 6: the same states and transitions, far fewer paths.
    pathMachine: liveSessionMachine.provide({
      guards: { attemptsExhausted: ({ context }) => context.failedAttempts + 1 >= 2 },
    }),
    traversal: {
      // The failure text differs per path; where the session is, and how it got there, is the model.
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, snapshot.context.failedAttempts, snapshot.context.stopRequested]),
      extraEvents: [
        { type: 'STREAM_FAILED', permanent: false, message: 'model-based drop' },
        { type: 'STREAM_FAILED', permanent: true, message: 'model-based refusal' },
        {
          type: 'STREAM_FAILED',
          permanent: false,
          message: 'model-based connection refused',
          unreachable: true,
        },
        { type: 'SHUTDOWN', message: 'model-based shutdown' },
      ],
    },
  }),
  entry({
    name: 'batchWindow',
    summary: 'Live audio sent to a file API in windows, by interval or after a pause (P09–P14).',
    machine: batchWindowMachine,
    traversal: {
      // The pass duration only shortens the next wait; the model is where the window is.
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.mode,
          snapshot.context.hasNewAudio,
          snapshot.context.unpausedAudioMs >= debounceMaxWaitMs,
          snapshot.context.stopRequested,
        ]),
      extraEvents: [
        { type: 'OPEN', mode: 'interval' },
        { type: 'OPEN', mode: 'debounce' },
        { type: 'AUDIO', durationMs: 100 },
        { type: 'AUDIO', durationMs: 4000 },
        { type: 'PASS_DONE', durationMs: 400 },
        { type: 'PASS_FAILED', permanent: false, message: 'model-based 503' },
        { type: 'PASS_FAILED', permanent: true, message: 'model-based 401' },
        { type: 'ENDPOINT_UNREACHABLE', message: 'model-based connection refused' },
      ],
    },
  }),
  entry({
    name: 'aiJob',
    summary: 'One AI job for a session: generate part by part, retry what is transient, then save.',
    machine: aiJobMachine,
    traversal: {
      // Which part is running does not change what can happen next; the retries left do.
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, snapshot.context.failedAttempts, snapshot.context.retryAfterMs]),
      extraEvents: [
        { type: 'PROGRESS', part: 1, of: 2 },
        { type: 'FAILED', message: 'model-based 503', transient: true },
        { type: 'FAILED', message: 'model-based 429', transient: true, retryAfterMs: 5_000 },
        {
          type: 'FAILED',
          message: 'model-based 429, wait an hour',
          transient: true,
          retryAfterMs: 3_600_000,
        },
        { type: 'FAILED', message: 'model-based 401', transient: false },
      ],
    },
  }),
];

export function catalogEntry(name: string): CatalogEntry {
  const found = machineCatalog.find((model) => model.name === name);
  if (!found) throw new Error(`no machine named ${name} in machines/catalog.ts`);
  return found;
}

/** The entry's generated test paths and their coverage of the real machine's states and transitions. */
export function analyzeEntry(entry: CatalogEntry): MachineAnalysis<AnyStateMachine> {
  return analyzeMachine(entry.pathMachine ?? entry.machine, entry.traversal);
}
