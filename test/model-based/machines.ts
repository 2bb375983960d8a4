import type { AnyStateMachine } from 'xstate';
import { batchWindowMachine } from '../../machines/batchWindow.ts';
import { fileJobMachine } from '../../machines/fileJob.ts';
import { liveSessionMachine } from '../../machines/liveSession.ts';
import { proxyConnectionMachine } from '../../machines/proxyConnection.ts';
import { sessionStatusMachine } from '../../machines/sessionStatus.ts';
import { whisperRuntimeMachine } from '../../machines/whisperRuntime.ts';
import type { ModelTraversal } from './pathCoverage.ts';

export interface ModelEntry<M extends AnyStateMachine = AnyStateMachine> {
  name: string;
  machine: M;
  traversal?: ModelTraversal<M>;
}

// Checks each entry against its own machine's event and snapshot types before the list erases them.
function entry<M extends AnyStateMachine>(model: ModelEntry<M>): ModelEntry {
  return model;
}

/** Every machine the model-based tests and `npm run test:paths` cover. Add one line per machine. */
export const modelMachines: readonly ModelEntry[] = [
  entry({
    name: 'sessionStatus',
    machine: sessionStatusMachine,
    traversal: { extraEvents: [{ type: 'FAIL', reason: 'model-based path' }] },
  }),
  entry({
    name: 'fileJob',
    machine: fileJobMachine,
    traversal: {
      // Progress is a number that every event nudges; the states worth telling apart are where the job is
      // and which chunk it is on. Without this, each progress value multiplies the paths.
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, snapshot.context.chunkIndex, snapshot.context.chunkCount]),
      // Two chunks: enough to take the "next chunk" branch and the "last chunk" branch.
      extraEvents: [
        { type: 'DECODING_PROGRESS', fraction: 0.5 },
        { type: 'AUDIO_READY', chunkDurationsMs: [30_000, 10_000] },
        { type: 'UPLOAD_PROGRESS', sentBytes: 500, totalBytes: 1000 },
        { type: 'PROCESSING', fraction: 0.5 },
        { type: 'CHUNK_TRANSCRIBED', segments: [{ text: 'model-based path', startMs: 0, endMs: 1000 }] },
        { type: 'FAILED', message: 'model-based failure' },
      ],
    },
  }),
  entry({ name: 'whisperRuntime', machine: whisperRuntimeMachine }),
  entry({
    name: 'proxyConnection',
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
    // A reconnect limit of 2 instead of 6: the same states and transitions, far fewer paths.
    machine: liveSessionMachine.provide({
      guards: { attemptsExhausted: ({ context }) => context.failedAttempts + 1 >= 2 },
    }),
    traversal: {
      // The failure text differs per path; where the session is, and how it got there, is the model.
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, snapshot.context.failedAttempts, snapshot.context.stopRequested]),
      extraEvents: [
        { type: 'STREAM_FAILED', permanent: false, message: 'model-based drop' },
        { type: 'STREAM_FAILED', permanent: true, message: 'model-based refusal' },
      ],
    },
  }),
  entry({
    name: 'batchWindow',
    machine: batchWindowMachine,
    traversal: {
      // The pass duration only shortens the next wait; the model is where the window is.
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.mode,
          snapshot.context.hasNewAudio,
          snapshot.context.unpausedAudioMs >= 4000,
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
      ],
    },
  }),
];

export function modelEntry(name: string): ModelEntry {
  const found = modelMachines.find((model) => model.name === name);
  if (!found) throw new Error(`no machine named ${name} in test/model-based/machines.ts`);
  return found;
}
