import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
import type { SessionStore } from '../../store/sessionStore.ts';
import { changeSessionStatus } from '../sessionStatusChange.ts';
import { chunkLimits } from './chunkLimits.ts';
import { decodeToChunks } from './decodeToChunks.ts';
import { probeMedia } from './probeMedia.ts';
import type { AudioChunk } from './wavChunkWriter.ts';

export interface FileJobInput {
  path: string;
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
  /** Observes the actor's machine (the visualizer); the actor works the same without it. */
  inspect?: (event: InspectionEvent) => void;
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
}

export interface FileJob {
  readonly id: string;
  readonly sessionId: string;
  status(): FileJobStatus;
  /** Calls `listener` with every change of state or progress; returns the unsubscribe function. */
  subscribe(listener: (status: FileJobStatus) => void): () => void;
  /** Leaves `queued`. */
  start(): void;
  /** Stops the job wherever it is: the provider call is aborted and the session quits. */
  cancel(): void;
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
  const { definition, store, path } = input;
  const { metadata } = definition;
  const jobId = randomUUID();
  const sessionId = randomUUID();
  const title = input.title ?? basename(path);

  // What the effects hand each other outside the machine: files and the validated config.
  let config: unknown;
  let languageHints: readonly string[] = [];
  let chunks: AudioChunk[] = [];
  let directory: string | undefined;
  let address: Promise<string | ProviderAddressLease> | undefined;
  let sessionOpened = false;
  const running = new Set<Promise<unknown>>();

  /** Runs `work` for one invoked state; its outcome is sent back unless the state was left first. */
  function effect<Input>(
    work: (
      input: Input,
      signal: AbortSignal,
      send: (event: FileJobEvent) => void,
    ) => FileJobEvent | Promise<FileJobEvent>,
  ) {
    return fromCallback<EventObject, Input>(({ input: effectInput, sendBack }) => {
      const controller = new AbortController();
      const send = (event: FileJobEvent) => {
        if (!controller.signal.aborted) sendBack(event);
      };
      // Started a tick later, so even a synchronous effect reports after the state is entered.
      const task = Promise.resolve()
        .then(() => {
          controller.signal.throwIfAborted();
          return work(effectInput, controller.signal, send);
        })
        .then(send, (error: unknown) => send({ type: 'FAILED', message: describeError(error) }));
      running.add(task);
      void task.finally(() => running.delete(task));
      return () => controller.abort();
    });
  }

  const prepareAudio = effect<undefined>(async (_input, signal, send) => {
    const runtimeProblem = input.runtimeProblem?.();
    if (runtimeProblem !== undefined) throw new Error(runtimeProblem);
    const checked = checkProviderConfig(definition, input.rawConfig);
    if (!checked.ok) throw new Error(checked.message);
    config = checked.config;
    languageHints = input.language === undefined ? configuredLanguageHints(config) : [input.language];
    const limits = chunkLimits(metadata.fileLimits, `${metadata.label} ${metadata.name}`);
    const { durationMs } = await probeMedia(path, signal);
    directory = await mkdtemp(join(tmpdir(), 'earshot-file-job-'));
    let reported = 0;
    chunks = await decodeToChunks({
      path,
      directory,
      limits,
      signal,
      onDecoded: (decodedMs) => {
        if (durationMs === undefined) return;
        const fraction = Math.min(1, decodedMs / durationMs);
        if (fraction - reported < decodingProgressStep) return;
        reported = fraction;
        send({ type: 'DECODING_PROGRESS', fraction });
      },
    });
    return { type: 'AUDIO_READY', chunkDurationsMs: chunks.map((chunk) => chunk.durationMs) };
  });

  const openSession = effect<undefined>(() => {
    store.createSession({ id: sessionId, title, providerId: metadata.id, startedAt: Date.now() });
    sessionOpened = true;
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
        config,
        baseUrl,
        signal,
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
      for (const segment of segments) {
        const text = segment.text.trim();
        if (text === '') continue;
        const startMs = place(segment.startMs);
        store.appendSegment(sessionId, {
          text,
          startMs,
          endMs: Math.max(startMs, place(segment.endMs)),
          speaker: segment.speaker ?? null,
          language: segment.language ?? null,
        });
      }
      // The session lasts as long as the audio transcribed so far, speech or not.
      const durationMs = store.getSession(sessionId)?.durationMs ?? 0;
      if (chunkEndMs > durationMs) store.updateSession(sessionId, { durationMs: chunkEndMs });
      return { type: 'SEGMENTS_SAVED' };
    },
  );

  const closeSession = fromCallback<EventObject, SessionClosing>(({ input: closing, sendBack }) => {
    // Waits for the effects still running (an aborted upload deleting what it created remotely), so
    // the job reports its ending only once nothing of it is left behind.
    void settle([...running], remoteCleanupWaitMs)
      .then(() => {
        if (sessionOpened && store.getSession(sessionId)?.status === 'recording') {
          changeSessionStatus(store, sessionId, closing);
        }
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
    language: input.language ?? null,
    state: fileJobStateOf(snapshot),
    progress: snapshot.context.progress,
    chunkIndex: snapshot.context.chunkIndex,
    chunkCount: snapshot.context.chunkCount,
    error: snapshot.context.error,
  });

  const listeners = new Set<(status: FileJobStatus) => void>();
  let ended: (snapshot: FileJobSnapshot) => void = () => undefined;
  const finished = new Promise<FileJobSnapshot>((resolve) => (ended = resolve)).then(async (snapshot) => {
    await settle([...running], remoteCleanupWaitMs);
    // The outcome is decided by now: a chunk directory that will not go (it is in the system's temp
    // folder) or a runtime that fails to stop (its own status says why) does not change it.
    if (directory !== undefined) await rm(directory, { recursive: true, force: true }).catch(() => undefined);
    const lease = await address?.catch(() => undefined);
    if (typeof lease === 'object') await lease.release().catch(() => undefined);
    return toStatus(snapshot);
  });
  actor.subscribe((snapshot) => {
    const status = toStatus(snapshot);
    for (const listener of listeners) listener(status);
    if (snapshot.status === 'done') ended(snapshot);
  });
  actor.start();
  // An ended job ignores requests quietly; xstate would warn about each on the console.
  const send = (event: FileJobEvent) => {
    if (actor.getSnapshot().status === 'active') actor.send(event);
  };

  return {
    id: jobId,
    sessionId,
    status: () => toStatus(actor.getSnapshot()),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => send({ type: 'START' }),
    cancel: () => send({ type: 'CANCEL' }),
    finished,
  };
}

/** The provider's own `languageHints` setting, which applies when the job names no language. */
function configuredLanguageHints(config: unknown): readonly string[] {
  const { languageHints } = (config ?? {}) as { languageHints?: unknown };
  return Array.isArray(languageHints) ? languageHints.filter((hint) => typeof hint === 'string') : [];
}

/** Resolves once every task has settled, or after `limitMs`, whichever is first. */
async function settle(tasks: ReadonlyArray<Promise<unknown>>, limitMs: number): Promise<void> {
  if (tasks.length === 0) return;
  const timer = new AbortController();
  await Promise.race([
    Promise.allSettled(tasks),
    sleep(limitMs, undefined, { signal: timer.signal }).catch(() => undefined),
  ]);
  timer.abort();
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
