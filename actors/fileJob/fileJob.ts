import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createActor, fromCallback, type InspectionEvent } from 'xstate';
import type { EventObject } from 'xstate';
import { fileJobMachine, fileJobStateOf } from '../../machines/fileJob.ts';
import type {
  FileJobEvent,
  FileJobSnapshot,
  FileJobState,
  RecognisedSegment,
  SessionClosing,
} from '../../machines/fileJob.ts';
import type { ProviderAddressLease, ProviderDefinition, ResolveBaseUrl } from '../../providers/contract.ts';
import { checkProviderConfig } from '../../providers/configuration/configCheck.ts';
import { ProviderError } from '../../providers/http/providerError.ts';
import type { FileJobRecord, StoredFileJobState } from '../../store/fileJobTable.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type { TimeRange } from '../../store/transcriptVersionTable.ts';
import { vocabularyOfSession } from '../../store/vocabulary.ts';
import { invokedEffect, settleWithin, type EffectWork } from '../invokedEffect.ts';
import { followJobActor } from '../jobActor.ts';
import { placeWords } from '../placeWords.ts';
import { chunkLimits } from './chunkLimits.ts';
import { decodeToChunks } from './decodeToChunks.ts';
import { newSessionDestination, type DestinationOfJob } from './fileJobDestination.ts';
import { probeMedia } from './probeMedia.ts';
import type { AudioChunk } from './wavChunkWriter.ts';

export interface FileJobInput {
  path: string;
  /**
   * How the job's errors name the file; defaults to `path`. An upload's path is the service's own
   * (and says where its data lives), so its errors use the name it was sent with.
   */
  shownName?: string;
  definition: ProviderDefinition<unknown>;
  /** The provider's stored configuration, not yet validated. */
  rawConfig: Record<string, unknown>;
  /**
   * What keeps the provider's runtime from starting (P14's binary and model), asked as the job
   * starts, before the configuration is checked: its message is then the job's error.
   */
  runtimeProblem?: () => string | undefined;
  /** ISO 639-1; undefined uses the provider's configured language hints, or lets it detect. */
  language?: string;
  /** Defaults to the file's name. */
  title?: string;
  store: SessionStore;
  resolveBaseUrl: ResolveBaseUrl;
  /** Where the decoded chunks are written, in a folder of the job's own; default the system's temp folder. */
  workDirectory?: string;
  /**
   * The stored job to resume after a restart: the new job keeps its ids, title and language and
   * goes on after its last committed chunk. Without it the job is new and is stored as it is created.
   */
  resume?: FileJobRecord;
  /** Observes the actor's machine (the visualizer); the actor works the same without it. */
  inspect?: (event: InspectionEvent) => void;
  /** Where the transcript goes; default a new session of the job's own, `sessionId`. */
  destination?: DestinationOfJob;
  /** The job's session when it exists already (a re-transcription's); default a new id. */
  sessionId?: string;
  /** Only these stretches of the file are transcribed, each placed at its own time; default all of it. */
  ranges?: readonly TimeRange[];
}

export interface FileJobStatus {
  jobId: string;
  /** The session the job records into; it exists from the `uploading` state on. */
  sessionId: string;
  path: string;
  title: string;
  providerId: string;
  language: string | null;
  state: FileJobState;
  /** 0–1 */
  progress: number;
  /** The chunk being worked on, from 0. */
  chunkIndex: number;
  /** 0 until the audio is decoded. */
  chunkCount: number;
  error: string | null;
  /** Epoch ms. */
  createdAt: number;
  /** How many times a restart of the service has resumed the job. */
  resumeCount: number;
}

export interface FileJob {
  readonly id: string;
  readonly sessionId: string;
  status(): FileJobStatus;
  /** Calls `listener` with every change of state or progress; returns the unsubscribe function. */
  subscribe(listener: (status: FileJobStatus) => void): () => void;
  /** Leaves `queued`: a stored job resumes, a new one starts. */
  start(): void;
  /** Stops the job wherever it is: the provider call is aborted and the session quits. */
  cancel(): void;
  /**
   * Stops working on the job without ending it, as the service shuts down: the provider call in
   * flight is aborted, the session stays open and the stored job resumes at the next start.
   */
  suspend(): Promise<void>;
  /** The final status, once the job has ended and its temporary files are gone. */
  readonly finished: Promise<FileJobStatus>;
}

/**
 * How long a cancelled provider call may take to remove what it created remotely before the job
 * reports itself cancelled anyway.
 */
export const remoteCleanupWaitMs = 15_000;

/** Decoding progress is passed on in steps this big, not for every read from ffmpeg. */
const decodingProgressStep = 0.01;

const finalStates: ReadonlySet<FileJobState> = new Set(['completed', 'failed', 'cancelled']);

export function isFinalFileJobState(state: FileJobState): boolean {
  return finalStates.has(state);
}

/** A file job, waiting in `queued` until `start()`. */
export function createFileJob(input: FileJobInput): FileJob {
  const { definition, store, path, resume } = input;
  const { metadata } = definition;
  const jobId = resume?.id ?? randomUUID();
  const sessionId = resume?.sessionId ?? input.sessionId ?? randomUUID();
  const title = resume?.title ?? input.title ?? basename(path);
  const language = resume === undefined ? (input.language ?? null) : resume.language;
  const createdAt = resume?.createdAt ?? Date.now();
  const resumeCount = resume === undefined ? 0 : resume.resumeCount + 1;
  if (resume === undefined) {
    store.createFileJob({
      id: jobId,
      sessionId,
      path,
      title,
      providerId: metadata.id,
      language,
      state: 'queued',
      chunkDurationsMs: null,
      chunksDone: 0,
      submitted: null,
      error: null,
      resumeCount,
      createdAt,
      updatedAt: createdAt,
    });
  } else {
    store.updateFileJob(jobId, { state: 'queued', resumeCount });
  }

  // What the effects hand each other outside the machine: files and the validated config.
  let config: unknown;
  let languageHints: readonly string[] = [];
  let chunks: AudioChunk[] = [];
  let directory: string | undefined;
  let address: Promise<string | ProviderAddressLease> | undefined;
  const submittedBefore = resume?.submitted ?? null;
  const running = new Set<Promise<unknown>>();
  const destination = (input.destination ?? newSessionDestination)({
    store,
    jobId,
    sessionId,
    title,
    resumed: resume !== undefined,
  });

  const effect = <Input>(work: EffectWork<Input, FileJobEvent>) =>
    invokedEffect(work, {
      onFailure: (error): FileJobEvent => ({ type: 'FAILED', message: describeError(error) }),
      running,
    });

  const prepareAudio = effect<undefined>(async (_input, signal, send) => {
    const runtimeProblem = input.runtimeProblem?.();
    if (runtimeProblem !== undefined) throw new Error(runtimeProblem);
    const checked = checkProviderConfig(definition, input.rawConfig);
    if (!checked.ok) throw new Error(checked.message);
    config = checked.config;
    languageHints = language === null ? configuredLanguageHints(config) : [language];
    const limits = chunkLimits(metadata.fileLimits, `${metadata.label} ${metadata.name}`);
    const probed = await probeMedia(path, signal, input.shownName);
    const durationMs =
      input.ranges === undefined ? probed.durationMs : sumOf(input.ranges.map((range) => rangeLength(range)));
    const workDirectory = input.workDirectory ?? tmpdir();
    await mkdir(workDirectory, { recursive: true, mode: 0o700 });
    directory = await mkdtemp(join(workDirectory, 'earshot-file-job-'));
    let reported = 0;
    let decodedBefore = 0;
    const decode = async (range: TimeRange | undefined, rangeDirectory: string) => {
      const decoded = await decodeToChunks({
        path,
        shownName: input.shownName,
        directory: rangeDirectory,
        limits,
        signal,
        range,
        onDecoded: (decodedMs) => {
          if (durationMs === undefined) return;
          const fraction = Math.min(1, (decodedBefore + decodedMs) / durationMs);
          if (fraction - reported < decodingProgressStep) return;
          reported = fraction;
          send({ type: 'DECODING_PROGRESS', fraction });
        },
      });
      decodedBefore += sumOf(decoded.map((chunk) => chunk.durationMs));
      return decoded;
    };
    if (input.ranges === undefined) {
      chunks = await decode(undefined, directory);
    } else {
      // One folder per stretch: each decoding numbers its chunks from 0.
      for (const [index, range] of input.ranges.entries()) {
        const rangeDirectory = join(directory, `range-${index}`);
        await mkdir(rangeDirectory);
        chunks.push(...(await decode(range, rangeDirectory)));
      }
    }
    const chunkDurationsMs = chunks.map((chunk) => chunk.durationMs);
    if (resume !== undefined) checkSameChunks(resume, chunkDurationsMs);
    store.updateFileJob(jobId, { chunkDurationsMs });
    return { type: 'AUDIO_READY', chunkDurationsMs };
  });

  const openSession = effect<undefined>(() => {
    destination.open(metadata.id);
    return { type: 'SESSION_OPENED' };
  });

  const transcribeChunk = effect<{ chunkIndex: number }>(async ({ chunkIndex }, signal, send) => {
    const chunk = chunkAt(chunkIndex);
    address ??= input.resolveBaseUrl(definition, config, signal);
    const resolved = await address;
    const baseUrl = typeof resolved === 'string' ? resolved : resolved.baseUrl;
    const result = await definition
      .transcribeFile({
        wavPath: chunk.path,
        wavBytes: chunk.bytes,
        durationMs: chunk.durationMs,
        languageHints,
        // Read for each chunk: terms the user adds while a long file is transcribed apply to what is left.
        vocabulary: vocabularyOfSession(store, sessionId),
        config,
        baseUrl,
        signal,
        submittedJobId: submittedBefore?.chunkIndex === chunkIndex ? submittedBefore.vendorJobId : undefined,
        onSubmitted: (vendorJobId) => {
          store.updateFileJob(jobId, { submitted: { chunkIndex, vendorJobId } });
        },
        onProgress: (progress) =>
          send(
            progress.phase === 'uploading'
              ? { type: 'UPLOAD_PROGRESS', sentBytes: progress.sentBytes, totalBytes: progress.totalBytes }
              : { type: 'PROCESSING', fraction: progress.fraction },
          ),
      })
      .catch((error: unknown) => {
        // Vendor errors already name the vendor and carry no secrets; anything else gets the name here.
        throw error instanceof ProviderError ? error : new Error(`${metadata.name}: ${describeError(error)}`);
      });
    const segments: RecognisedSegment[] = result.segments.map((segment) => ({
      ...segment,
      language: segment.language ?? result.language ?? null,
    }));
    return { type: 'CHUNK_TRANSCRIBED', segments };
  });

  const saveSegments = effect<{ chunkIndex: number; segments: RecognisedSegment[] }>(
    ({ chunkIndex, segments }) => {
      const chunk = chunkAt(chunkIndex);
      const chunkEndMs = chunk.startMs + chunk.durationMs;
      // Chunk-relative times move by the chunk's start, so the transcript runs on across chunks.
      const place = (ms: number) => Math.min(chunkEndMs, chunk.startMs + Math.max(0, Math.round(ms)));
      const placed = segments.map((segment) => {
        const startMs = place(segment.startMs);
        return {
          text: segment.text,
          startMs,
          endMs: Math.max(startMs, place(segment.endMs)),
          speaker: segment.speaker ?? null,
          language: segment.language ?? null,
          words: placeWords(segment.words, place),
        };
      });
      destination.save(chunkIndex + 1, chunkEndMs, placed);
      return { type: 'SEGMENTS_SAVED' };
    },
  );

  const closeSession = fromCallback<EventObject, SessionClosing>(({ input: closing, sendBack }) => {
    // Waits for the effects still running (an aborted upload deleting what it created remotely), so
    // the job reports its ending only once nothing of it is left behind.
    void settleWithin(running, remoteCleanupWaitMs)
      .then(() => {
        destination.close(closing);
        sendBack({ type: 'SESSION_CLOSED' });
      })
      .catch((error: unknown) => sendBack({ type: 'FAILED', message: describeError(error) }));
  });

  function chunkAt(index: number): AudioChunk {
    const chunk = chunks[index];
    if (chunk === undefined) throw new Error(`The job has no chunk ${index}.`);
    return chunk;
  }

  const actor = createActor(
    fileJobMachine.provide({
      actors: { prepareAudio, openSession, transcribeChunk, saveSegments, closeSession },
    }),
    { id: jobId, inspect: input.inspect },
  );

  const toStatus = (snapshot: FileJobSnapshot): FileJobStatus => ({
    jobId,
    sessionId,
    path,
    title,
    providerId: metadata.id,
    language,
    state: fileJobStateOf(snapshot),
    progress: snapshot.context.progress,
    chunkIndex: snapshot.context.chunkIndex,
    chunkCount: snapshot.context.chunkCount,
    error: snapshot.context.error,
    createdAt,
    resumeCount,
  });

  /** Aborts the effects and waits for them, then removes the chunks and lets the runtime go. */
  async function releaseResources(): Promise<void> {
    await settleWithin(running, remoteCleanupWaitMs);
    // The outcome is decided by now: a chunk directory that will not go or a runtime that fails
    // to stop (its own status says why) does not change it.
    if (directory !== undefined) await rm(directory, { recursive: true, force: true }).catch(() => undefined);
    const lease = await address?.catch(() => undefined);
    if (typeof lease === 'object') await lease.release().catch(() => undefined);
  }

  const job = followJobActor(actor, toStatus, async (snapshot) => {
    await releaseResources();
    const status = toStatus(snapshot);
    // The session already says how the job ended; a store that cannot record it here leaves the
    // job to be settled from the session at the next start.
    try {
      store.updateFileJob(jobId, { state: status.state as StoredFileJobState, error: status.error });
    } catch {
      // Nothing more to do: see above.
    }
    return status;
  });

  return {
    id: jobId,
    sessionId,
    status: job.status,
    subscribe: job.subscribe,
    start() {
      if (!job.isActive() || fileJobStateOf(actor.getSnapshot()) !== 'queued') return;
      try {
        store.updateFileJob(jobId, { state: 'running' });
      } catch {
        // Queued and running jobs resume alike; a store that cannot say which fails the first commit.
      }
      job.send(resume === undefined ? { type: 'START' } : { type: 'RESUME', chunksDone: resume.chunksDone });
    },
    cancel() {
      if (!job.isActive()) return;
      // Recorded first: a crash while the job winds down must not resume what the user cancelled.
      try {
        store.updateFileJob(jobId, { state: 'cancelled' });
      } catch {
        // The cancel goes ahead; at worst a crash before it ends resumes the job.
      }
      job.send({ type: 'CANCEL' });
    },
    async suspend() {
      if (!job.isActive()) return;
      actor.stop();
      await releaseResources();
    },
    finished: job.finished,
  };
}

/**
 * A resumed job must cut the file where it did before, or its committed text would not line up
 * with the chunks it goes on with.
 */
function checkSameChunks(resume: FileJobRecord, chunkDurationsMs: readonly number[]): void {
  const before = resume.chunkDurationsMs;
  if (before === null || resume.chunksDone === 0) return;
  const same =
    chunkDurationsMs.length >= resume.chunksDone &&
    before.slice(0, resume.chunksDone).every((durationMs, index) => chunkDurationsMs[index] === durationMs);
  if (!same) {
    throw new Error(
      `The file decodes differently from when this job began, so it cannot go on after its first ${resume.chunksDone} chunks (their text is kept in the session). Transcribe the file again as a new job.`,
    );
  }
}

function rangeLength(range: TimeRange): number {
  return Math.max(0, range.endMs - range.startMs);
}

function sumOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}

/** The provider's own `languageHints` setting, which applies when the job names no language. */
function configuredLanguageHints(config: unknown): readonly string[] {
  const { languageHints } = (config ?? {}) as { languageHints?: unknown };
  return Array.isArray(languageHints) ? languageHints.filter((hint) => typeof hint === 'string') : [];
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
