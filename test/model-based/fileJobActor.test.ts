import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventObject, InspectionEvent } from 'xstate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createFileJob,
  isFinalFileJobState,
  type FileJob,
  type FileJobStatus,
} from '../../actors/fileJob/fileJob.ts';
import {
  allPaths,
  describePath,
  type MachinePaths,
  type ModelPath,
} from '../../machines/analysis/modelPaths.ts';
import { analyzeEntry, catalogEntry } from '../../machines/catalog.ts';
import {
  fileJobStateOf,
  type FileJobEvent,
  type FileJobSnapshot,
  type fileJobMachine,
} from '../../machines/fileJob.ts';
import type { FileTranscriptionRequest, FileTranscriptionResult } from '../../providers/contract.ts';
import { ProviderError } from '../../providers/http/providerError.ts';
import type { FileJobRecord } from '../../store/fileJobTable.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { silentWav } from '../fakes/wavAudio.ts';
import { aborted, testProvider, type TestConfig } from '../integration/fileTranscriptionSupport.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * The file-job paths generated from the machine, replayed on the real job (`createFileJob`): each
 * machine event is caused the way it happens in the service, and after every step the job must be
 * where the path says, both in its machine and in the status the service reports.
 *
 * - Decoding runs the job's own probe and chunking against stand-ins for ffprobe and ffmpeg (real
 *   ones cost a quarter second a path; the media tests run those): an input ffprobe refuses fails,
 *   one whose length ffprobe gives reports decoding progress, one whose length it does not give
 *   reports none.
 * - The upstream (the provider's file call) reports upload and processing progress, answers,
 *   refuses, or stops when the job aborts it.
 * - The store refuses a call, as with a full disk: creating the session, saving a segment, or
 *   reading the session to close it.
 * - The user cancels the moment the job enters the state the path cancels in; where the job waits
 *   on the upstream, once the call is under way.
 *
 * Decoding finds its own cut (the quietest 10 ms before the limit), so the chunk lengths and the
 * progress they lead to differ from the path's sample payload: those are not compared. The states,
 * the chunk index and count, and every payload the test itself causes, are.
 */
const entry = catalogEntry('fileJob');
// The registry erases each machine's own types; these paths are the file job's.
const paths = analyzeEntry(entry).paths as unknown as MachinePaths<typeof fileJobMachine>;
type FileJobPath = ModelPath<typeof fileJobMachine>;

/** The catalog's chunks of 30 s and 10 s, a tenth as long: 4 s of audio, 3 s at most per request. */
const audioMs = 4_000;
const providerMaxChunkMs = 3_000;
/** How long one step may take before the replay says where the job stopped instead. */
const stepGuardMs = 10_000;

/**
 * Stand-ins for ffprobe and ffmpeg, named by EARSHOT_FFPROBE and EARSHOT_FFMPEG. ffprobe prints the answer kept beside
 * the input (`<input>.ffprobe.json`), or refuses the input as ffprobe does when there is none;
 * ffmpeg streams the input WAV's samples, as it decodes one to 16 kHz mono PCM16.
 */
const fakeFfprobe = `#!/bin/sh
for input; do :; done
if [ -f "$input.ffprobe.json" ]; then exec cat "$input.ffprobe.json"; fi
echo "$input: Invalid data found when processing input" >&2
exit 1
`;
const fakeFfmpeg = `#!/bin/sh
while [ "$#" -gt 0 ] && [ "$1" != -i ]; do shift; done
exec tail -c +45 "$2"
`;

interface InputFiles {
  /** ffprobe gives its length, so decoding reports progress as it goes. */
  withLength: string;
  /** ffprobe gives no length (as for a FLAC written to a pipe), so decoding reports no progress. */
  withoutLength: string;
  /** Text under an audio name: ffprobe refuses it. */
  unreadable: string;
}

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let inputs: InputFiles;
beforeAll(() => {
  directory = temporaryDirectory('file-job-model');
  store = SessionStore.open(directory.path);
  const tools = join(directory.path, 'bin');
  mkdirSync(tools);
  writeFileSync(join(tools, 'ffprobe'), fakeFfprobe, { mode: 0o755 });
  writeFileSync(join(tools, 'ffmpeg'), fakeFfmpeg, { mode: 0o755 });
  vi.stubEnv('EARSHOT_FFPROBE', join(tools, 'ffprobe'));
  vi.stubEnv('EARSHOT_FFMPEG', join(tools, 'ffmpeg'));
  const audioFile = (name: string, probe: object) => {
    const path = join(directory.path, name);
    writeFileSync(path, silentWav(audioMs));
    writeFileSync(`${path}.ffprobe.json`, JSON.stringify(probe));
    return path;
  };
  const seconds = (audioMs / 1000).toFixed(6);
  const unreadable = join(directory.path, 'not-audio.wav');
  writeFileSync(unreadable, 'this is not audio\n');
  inputs = {
    withLength: audioFile('with-length.wav', {
      streams: [{ codec_type: 'audio', duration: seconds }],
      format: { duration: seconds },
    }),
    withoutLength: audioFile('without-length.wav', { streams: [{ codec_type: 'audio' }], format: {} }),
    unreadable,
  };
});
afterAll(() => {
  vi.unstubAllEnvs();
  store.close();
  directory.remove();
});

type StoreCall = 'getSession' | 'commitFileJobChunk';

/** The shared store, with calls that can be made to fail as a full disk would. */
function faultyStore(real: SessionStore) {
  const failOnce = new Map<string, string>();
  let failEverything: string | undefined;
  const wrapped = new Proxy(real, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const message = failOnce.get(String(key)) ?? failEverything;
      if (message !== undefined) {
        return () => {
          failOnce.delete(String(key));
          throw new Error(message);
        };
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  return {
    store: wrapped,
    /** The next `call` throws `message`. */
    failNext: (call: StoreCall, message: string) => {
      failOnce.set(call, message);
    },
    /** Every call from now on throws `message`. */
    failAll: (message: string) => {
      failEverything = message;
    },
  };
}

interface UpstreamCall {
  request: FileTranscriptionRequest<TestConfig>;
  answer: (result: FileTranscriptionResult) => void;
  refuse: (error: Error) => void;
}

/**
 * A provider whose calls wait for the test: it reports progress, answers or refuses when told, and
 * when the job aborts a call it stops with a cancellation, as the real clients do.
 */
function scriptedUpstream(firstChunk: number) {
  const arrivals: Array<{ promise: Promise<UpstreamCall>; arrive: (call: UpstreamCall) => void }> = [];
  const arrival = (index: number) => {
    let slot = arrivals[index];
    if (slot === undefined) {
      let arrive: (call: UpstreamCall) => void = () => {};
      const promise = new Promise<UpstreamCall>((resolve) => (arrive = resolve));
      slot = arrivals[index] = { promise, arrive };
    }
    return slot;
  };
  let calls = 0;
  const definition = {
    ...testProvider({ fileLimits: { maxDurationMs: providerMaxChunkMs } }),
    transcribeFile: (request: FileTranscriptionRequest<TestConfig>) =>
      new Promise<FileTranscriptionResult>((resolve, reject) => {
        void aborted(request.signal).then(() =>
          reject(new ProviderError('cancelled', 'Test Vendor request cancelled.')),
        );
        arrival(firstChunk + calls++).arrive({ request, answer: resolve, refuse: reject });
      }),
  };
  return {
    definition,
    /** The call for chunk `index`, once the job has made it. */
    call: (index: number) => arrival(index).promise,
  };
}

interface Observed {
  event: EventObject;
  value: unknown;
  /** What the service reports at that moment; for the initial snapshot, taken once the job exists. */
  status: FileJobStatus | undefined;
}

interface World {
  job: FileJob;
  upstream: ReturnType<typeof scriptedUpstream>;
  faults: ReturnType<typeof faultyStore>;
}

interface Cause {
  /** Run the moment the job enters the state before the step; nothing when the job gets there by itself. */
  act?: (world: World) => void | Promise<void>;
  /** The event carries the path's own payload, not one the decoder measured. */
  samePayload: boolean;
}

/**
 * A step the machine allows that the actor cannot take, with the reason. Closing a job touches
 * the store only when the job opened a session or resumes one; before that, nothing in the closing
 * can fail.
 */
function unreachableReason(path: FileJobPath): string | undefined {
  const steps = path.steps;
  const last = steps.at(-1);
  const before = steps.at(-2)?.state;
  if (last?.event.type !== 'FAILED' || before === undefined) return undefined;
  if (!['failing', 'cancelling'].includes(fileJobStateOf(before))) return undefined;
  if (steps.some((step) => step.event.type === 'SESSION_OPENED' || step.event.type === 'RESUME'))
    return undefined;
  return 'the job closes before opening a session, and that closing touches nothing that can fail';
}

function causeOf(event: FileJobEvent, before: FileJobSnapshot): Cause {
  const state = fileJobStateOf(before);
  const chunk = before.context.chunkIndex;
  const upstreamWaits = state === 'uploading' || state === 'processing';
  switch (event.type) {
    case 'START':
    case 'RESUME':
      return { act: ({ job }) => job.start(), samePayload: true };
    case 'CANCEL':
      // Mid-call, so the abort goes through the provider as a user's cancel does.
      return upstreamWaits
        ? {
            act: async ({ job, upstream }) => {
              await upstream.call(chunk);
              job.cancel();
            },
            samePayload: true,
          }
        : { act: ({ job }) => job.cancel(), samePayload: true };
    case 'DECODING_PROGRESS':
    case 'AUDIO_READY':
      return { samePayload: false };
    case 'SESSION_OPENED':
    case 'SEGMENTS_SAVED':
    case 'SESSION_CLOSED':
      return { samePayload: true };
    case 'UPLOAD_PROGRESS':
      return {
        act: async ({ upstream }) => {
          const { sentBytes, totalBytes } = event;
          (await upstream.call(chunk)).request.onProgress({ phase: 'uploading', sentBytes, totalBytes });
        },
        samePayload: true,
      };
    case 'PROCESSING':
      return {
        act: async ({ upstream }) => {
          (await upstream.call(chunk)).request.onProgress({ phase: 'processing', fraction: event.fraction });
        },
        samePayload: true,
      };
    case 'CHUNK_TRANSCRIBED':
      return {
        act: async ({ upstream }) => (await upstream.call(chunk)).answer({ segments: event.segments }),
        samePayload: true,
      };
    case 'FAILED':
      return failureIn(state, chunk, event.message);
  }
}

function failureIn(state: string, chunk: number, message: string): Cause {
  switch (state) {
    case 'preparing':
      // The input is the unreadable file (inputFor); ffprobe's refusal is the message.
      return { samePayload: false };
    case 'opening':
      // Opening reads the session first, to go on in it when the job resumes.
      return { act: ({ faults }) => faults.failNext('getSession', message), samePayload: true };
    case 'uploading':
    case 'processing':
      return {
        act: async ({ upstream }) =>
          (await upstream.call(chunk)).refuse(new ProviderError('permanent', message, { status: 400 })),
        samePayload: true,
      };
    case 'saving':
      return { act: ({ faults }) => faults.failNext('commitFileJobChunk', message), samePayload: true };
    case 'finishing':
    case 'failing':
    case 'cancelling':
      // Closing reads the session to settle its status.
      return { act: ({ faults }) => faults.failNext('getSession', message), samePayload: true };
    default:
      throw new Error(`no way to cause FAILED in ${state}`);
  }
}

/**
 * The stored job a path's RESUME takes up: the same job run before a restart, which committed
 * `chunksDone` chunks to the session it had opened.
 */
function storedJobFor(path: FileJobPath): FileJobRecord | undefined {
  const resume = path.steps.find((step) => step.event.type === 'RESUME')?.event;
  if (resume?.type !== 'RESUME') return undefined;
  const session = store.createSession({ title: 'resumed after a restart', providerId: 'test' });
  const now = Date.now();
  const record: FileJobRecord = {
    id: randomUUID(),
    sessionId: session.id,
    path: inputFor(path),
    title: session.title,
    providerId: 'test',
    language: null,
    state: 'running',
    chunkDurationsMs: null,
    chunksDone: resume.chunksDone,
    submitted: null,
    error: null,
    resumeCount: 0,
    createdAt: now,
    updatedAt: now,
  };
  store.createFileJob(record);
  return record;
}

function inputFor(path: FileJobPath): string {
  const steps = path.steps;
  const decodingFails = steps.some(
    (step, index) =>
      step.event.type === 'FAILED' && fileJobStateOf(steps[index - 1]?.state ?? step.state) === 'preparing',
  );
  if (decodingFails) return inputs.unreadable;
  return steps.some((step) => step.event.type === 'DECODING_PROGRESS')
    ? inputs.withLength
    : inputs.withoutLength;
}

/**
 * Starts a job for `path` and causes each step the moment the job is in the state before it:
 * `causes[index]` runs once the job has taken `index` events (the first is xstate's init).
 */
function startReplay(path: FileJobPath, causes: ReadonlyArray<Cause | undefined>) {
  const resume = storedJobFor(path);
  // A resumed job's first call is for the first chunk it had not committed.
  const upstream = scriptedUpstream(resume?.chunksDone ?? 0);
  const faults = faultyStore(store);
  const observed: Observed[] = [];
  // Set once the job exists; the job reports its initial snapshot while it is being created.
  const started: { world?: World } = {};
  let caused = 1;
  let causeFailure: Error | undefined;
  let wake = () => {};
  const noteCauseFailure = (error: unknown) => {
    causeFailure = error instanceof Error ? error : new Error(String(error));
    wake();
  };

  const causeNext = () => {
    const { world } = started;
    if (world === undefined || caused >= causes.length || observed.length !== caused) return;
    const act = causes[caused++]?.act;
    // At once, not a tick later: the job's own next effect may already be one tick away.
    try {
      void Promise.resolve(act?.(world)).catch(noteCauseFailure);
    } catch (error) {
      noteCauseFailure(error);
    }
  };

  const job = createFileJob({
    path: inputFor(path),
    definition: upstream.definition,
    rawConfig: { apiKey: 'test-key-1234' },
    store: faults.store,
    resolveBaseUrl: () => Promise.resolve('http://127.0.0.1:9/model-based'),
    resume,
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId) return;
      observed.push({
        event: event.event,
        value: (event.snapshot as FileJobSnapshot).value,
        status: started.world?.job.status(),
      });
      causeNext();
      wake();
    },
  });
  const [initial] = observed;
  if (initial !== undefined) initial.status = job.status();
  started.world = { job, upstream, faults };
  causeNext();

  /** What the job took as its `index`-th event, once it has. */
  async function observedAt(index: number): Promise<Observed> {
    const guard = AbortSignal.timeout(stepGuardMs);
    for (;;) {
      const found = observed[index];
      if (found !== undefined) return found;
      if (causeFailure !== undefined) throw causeFailure;
      const last = observed.at(-1);
      const stopped = last?.status !== undefined && isFinalFileJobState(last.status.state);
      if (stopped || guard.aborted) {
        const taken = observed.map((seen) => seen.event.type).join(', ');
        throw new Error(`the job took only ${taken}, ending in ${JSON.stringify(last?.value)}`);
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        guard.addEventListener('abort', () => resolve(), { once: true });
      });
    }
  }

  return { job, observedAt };
}

async function expectStep(
  replay: ReturnType<typeof startReplay>,
  path: FileJobPath,
  index: number,
  cause: Cause | undefined,
): Promise<void> {
  const step = path.steps[index];
  if (step === undefined) throw new Error(`the path has no step ${index}`);
  const where = `step ${index} (${step.event.type}) of ${describePath(path)}`;
  const seen = await replay.observedAt(index);
  expect(seen.event.type, where).toBe(step.event.type);
  expect(seen.value, where).toEqual(step.state.value);
  expect(seen.status, where).toMatchObject({
    state: fileJobStateOf(step.state),
    chunkIndex: step.state.context.chunkIndex,
    chunkCount: step.state.context.chunkCount,
  });
  if (cause?.samePayload) expect(seen.event, where).toMatchObject(step.event);
}

/** Ends the job wherever the path left it (or a failed step did), so its files and calls are gone. */
async function endReplay(job: FileJob): Promise<void> {
  job.cancel();
  await job.finished;
}

function causesOf(path: FileJobPath): Array<Cause | undefined> {
  return path.steps.map((step, index) => {
    // Paths also hold xstate's own init event, which the machine's event type leaves out.
    const type: string = step.event.type;
    const before = path.steps[index - 1]?.state;
    if (type === 'xstate.init' || before === undefined) return undefined;
    // The file job has no delayed transitions; a path with one would need time to pass here.
    if (type.startsWith('xstate.')) throw new Error(`no way to cause ${type} on the file job`);
    return causeOf(step.event, before);
  });
}

async function replayOnActor(path: FileJobPath): Promise<void> {
  const causes = causesOf(path);
  const replay = startReplay(path, causes);
  try {
    for (const index of path.steps.keys()) await expectStep(replay, path, index, causes[index]);
  } finally {
    await endReplay(replay.job);
  }
}

/**
 * For a path whose last step the actor cannot take: every step before it replays as usual; then,
 * with a store that refuses every call, the job still closes cleanly instead of failing there.
 */
async function replayUpToUnreachable(path: FileJobPath): Promise<void> {
  const causes = causesOf(path);
  const lastIndex = path.steps.length - 1;
  const closing = fileJobStateOf(path.steps[lastIndex - 1]?.state ?? path.state);
  const replay = startReplay(path, [
    ...causes.slice(0, lastIndex),
    { act: ({ faults }) => faults.failAll('model-based full disk'), samePayload: true },
  ]);
  try {
    for (const index of path.steps.keys()) {
      if (index < lastIndex) await expectStep(replay, path, index, causes[index]);
    }
    const last = await replay.observedAt(lastIndex);
    const where = `last step of ${describePath(path)}, with a store that refuses every call`;
    expect(last.event.type, where).toBe('SESSION_CLOSED');
    expect(last.status?.state, where).toBe(closing === 'cancelling' ? 'cancelled' : 'failed');
  } finally {
    await endReplay(replay.job);
  }
}

describe('fileJob paths on the real actor', () => {
  const named = allPaths(paths).map((path) => ({ path, unreachable: unreachableReason(path) }));
  const replayed = named.filter(({ unreachable }) => unreachable === undefined).map(({ path }) => path);
  const unreachable = named.filter(({ unreachable }) => unreachable !== undefined);

  it.each(replayed.map((path) => [describePath(path), path] as const))('%s', (_, path) =>
    replayOnActor(path),
  );

  it.each(unreachable.map(({ path, unreachable: reason }) => [describePath(path), reason, path] as const))(
    'not on the actor: %s (%s)',
    (_, _reason, path) => replayUpToUnreachable(path),
  );
});
