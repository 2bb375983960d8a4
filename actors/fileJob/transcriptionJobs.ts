import { existsSync, linkSync, mkdirSync, rmSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { createFileJob, isFinalFileJobState, type FileJob, type FileJobStatus } from './fileJob.ts';
import type { ProviderDefinition, ResolveBaseUrl } from '../../providers/contract.ts';
import { configuredAddress } from '../../providers/providerAddress.ts';
import { defaultProviderId, findProvider } from '../../providers/registry.ts';
import { audioRetentionValueId, readAudioRetention } from '../../store/audio/audioRetention.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { removeUpload, uploadedFileName } from '../../store/uploadedFiles.ts';
import type { ActorInspection } from '../inspection/actorInspection.ts';
import { copyFileAudio } from '../sessionAudio/fileAudioCopy.ts';
import { readProviderConfig } from '../../store/providerSettings.ts';
import { isEndedFileJob, type FileJobRecord } from '../../store/fileJobTable.ts';
import { changeSessionStatus } from '../sessionStatusChange.ts';
import { managedRuntimeProblem } from '../runtimeSetup/storedRuntimeProblem.ts';
import type { TimeRange, TranscriptVersionRecord } from '../../store/transcriptVersionTable.ts';
import type { DestinationOfJob } from './fileJobDestination.ts';
import {
  planRetranscription,
  RetranscriptionRequestError,
  type RetranscriptionRequest,
} from './retranscription.ts';
import { retranscriptionDestination } from './retranscriptionDestination.ts';

export interface TranscriptionRequest {
  /** Absolute: the service does not share the caller's working directory. */
  path: string;
  /** Id or label (`deepgram`, `P06`), case-insensitive; default P14. */
  provider?: string;
  /** ISO 639-1; omitted lets the provider detect it. */
  language?: string;
  /** Default: the file's name. */
  title?: string;
}

/** A request that cannot become a job (unknown provider, relative path…): the caller's to fix. */
export class TranscriptionRequestError extends Error {}

export interface TranscriptionJobsOptions {
  store: SessionStore;
  dataDirectory: string;
  resolveBaseUrl: ResolveBaseUrl;
  /** Default: the provider registry. */
  findProvider?: (name: string) => ProviderDefinition<unknown> | undefined;
  /** Default: `maxRunningJobs`. */
  maxRunning?: number;
  /** Where the actors' machines are watched from (the visualizer); none in most tests. */
  inspection?: ActorInspection;
}

/**
 * Jobs running at once. Each holds ffmpeg output on disk and a provider connection; more waiting
 * in `queued` costs nothing, and P14's single inference slot would serialise them anyway.
 */
export const maxRunningJobs = 2;

/** Ended jobs kept in memory for status queries; older ones are answered from the store. */
export const endedJobsKept = 100;

/** How many jobs `list` answers with, newest first. */
export const listedJobs = 100;

/**
 * The file transcription jobs of the service process: started here, run a few at a time in the
 * order they came, asked about, cancelled and followed by id. Every job is also a row in the store,
 * so the jobs a crash or a shutdown cut off are resumed by the next start (`resumeUnfinished`).
 */
export class TranscriptionJobs {
  private readonly options: TranscriptionJobsOptions;
  private readonly jobs = new Map<string, FileJob>();
  private readonly waiting: FileJob[] = [];
  private readonly running = new Set<FileJob>();
  private readonly ended: string[] = [];
  /** Completed jobs whose file audio is being kept as their session's, by job id. */
  private readonly keepingFileAudio = new Map<string, { kept: Promise<void>; stop: AbortController }>();

  constructor(options: TranscriptionJobsOptions) {
    this.options = options;
  }

  /**
   * Creates a job for `request` and queues it; throws TranscriptionRequestError for a bad request.
   * A file the UI uploaded (uploadedFiles.ts) is titled by its original name and removed when the
   * job ends, however it ends: it was only ever there for this job.
   */
  start(request: TranscriptionRequest): FileJob {
    const definition = this.provider(request.provider);
    const path = checkedPath(request.path);
    const title = request.title?.trim() || uploadedFileName(this.options.dataDirectory, path);
    return this.run(definition, path, { title, language: checkedLanguage(request.language) });
  }

  /**
   * Transcribes a session again from its recorded audio (all of it, or its gaps) with the provider
   * named, into a pending version of its transcript that becomes `proposed`: the transcript changes
   * only when it is kept. A proposal still waiting is discarded as the new one starts. Throws
   * RetranscriptionRequestError for a request that cannot become a job.
   */
  async retranscribe(
    request: RetranscriptionRequest,
  ): Promise<{ job: FileJob; version: TranscriptVersionRecord }> {
    const { store, dataDirectory } = this.options;
    let definition: ProviderDefinition<unknown>;
    try {
      definition = this.provider(request.provider);
    } catch (error) {
      if (error instanceof TranscriptionRequestError) {
        throw new RetranscriptionRequestError('invalid_request', error.message);
      }
      throw error;
    }
    const plan = await planRetranscription({ store, dataDirectory, definition, request });
    const session = store.getSession(request.sessionId);
    const job = this.run(definition, plan.path, {
      title: session?.title,
      language: plan.language,
      sessionId: request.sessionId,
      ranges: plan.ranges,
      destination: retranscriptionDestination(plan.version.id),
    });
    const waiting = store
      .getTranscriptVersions(request.sessionId)
      .find((version) => version.state === 'proposed');
    if (waiting !== undefined) store.discardTranscriptVersion(request.sessionId);
    const version = { ...plan.version, jobId: job.id };
    store.createTranscriptVersion(version);
    return { job, version };
  }

  /**
   * Takes up the jobs the last process of this data directory left unfinished (it crashed, was
   * killed or shut down mid-job): each goes on with the same provider after its last committed
   * chunk. Call once at start, before any job is started and before interrupted sessions are
   * recovered: the returned jobs' sessions are still recording, and stay so. Chunks the last
   * process decoded are removed first; a resumed job decodes its file again.
   */
  resumeUnfinished(): FileJob[] {
    rmSync(this.workDirectory, { recursive: true, force: true });
    const unfinished = this.options.store
      .listFileJobs(Number.MAX_SAFE_INTEGER)
      .filter((record) => !isEndedFileJob(record))
      .reverse();
    const resumed: FileJob[] = [];
    for (const record of unfinished) {
      const version = this.options.store.transcriptVersionOfJob(record.id);
      const problem = version === undefined ? this.resumeProblem(record) : this.versionResumeProblem(record);
      if (problem !== undefined) {
        this.settleUnresumable(record, problem);
      } else if (version === undefined) {
        resumed.push(this.run(this.provider(record.providerId), record.path, { resume: record }));
      } else {
        resumed.push(
          this.run(this.provider(record.providerId), record.path, {
            resume: record,
            ranges: version.scope === 'gaps' ? version.ranges : undefined,
            destination: retranscriptionDestination(version.id),
          }),
        );
      }
    }
    return resumed;
  }

  get(jobId: string): FileJobStatus | undefined {
    const job = this.jobs.get(jobId);
    if (job !== undefined) return job.status();
    const record = this.options.store.getFileJob(jobId);
    return record === undefined ? undefined : storedStatus(record);
  }

  /** The newest jobs first, those of earlier runs of the service included. */
  list(): FileJobStatus[] {
    return this.options.store
      .listFileJobs(listedJobs)
      .map((record) => this.jobs.get(record.id)?.status() ?? storedStatus(record));
  }

  /** Asks the job to stop; it reports `cancelling`, then `cancelled` once cleaned up. */
  cancel(jobId: string): FileJobStatus | undefined {
    this.jobs.get(jobId)?.cancel();
    return this.get(jobId);
  }

  /** Follows one job's state and progress; undefined when there is no such job. */
  subscribe(jobId: string, listener: (status: FileJobStatus) => void): (() => void) | undefined {
    return this.jobs.get(jobId)?.subscribe(listener);
  }

  /**
   * Settles once a completed job's file audio is kept as its session's (or keeping it failed, which
   * is said on standard error); at once for any other job.
   */
  async fileAudioKept(jobId: string): Promise<void> {
    // The copy starts as the job ends, in a reaction to `finished` added before this one.
    await this.jobs.get(jobId)?.finished;
    await this.keepingFileAudio.get(jobId)?.kept;
  }

  /** The job's final status once it has ended and cleaned up. */
  finished(jobId: string): Promise<FileJobStatus> | undefined {
    return this.jobs.get(jobId)?.finished;
  }

  /**
   * Suspends every job that has not ended, before the store closes: a job is the user's to cancel,
   * and a shutdown is not that. The next start resumes them.
   */
  async close(): Promise<void> {
    const jobs = [...this.jobs.values()];
    const unfinished = jobs.filter((job) => !isFinalFileJobState(job.status().state));
    // A job that has just ended may still be cleaning up, and then starts keeping its audio.
    await Promise.all(jobs.filter((job) => !unfinished.includes(job)).map((job) => job.finished));
    const keeping = [...this.keepingFileAudio.values()];
    for (const { stop } of keeping) stop.abort();
    await Promise.all([...unfinished.map((job) => job.suspend()), ...keeping.map(({ kept }) => kept)]);
  }

  /**
   * Keeps the completed job's file audio as its session's (actors/sessionAudio/fileAudioCopy.ts),
   * unless audio retention is `never`. An upload is removed as the job ends: the copy reads it
   * through a second name (a hard link) made before that.
   */
  private keepFileAudio(job: FileJob, path: string): void {
    const { store, dataDirectory } = this.options;
    if (readAudioRetention(store.getSetting(audioRetentionValueId)) === 'never') return;
    const upload = uploadedFileName(dataDirectory, path) !== undefined;
    const source = upload ? join(this.workDirectory, `${job.id}.source`) : path;
    const stop = new AbortController();
    const kept = (async () => {
      if (upload) {
        // In this turn: the upload's own name is removed right after.
        mkdirSync(this.workDirectory, { recursive: true, mode: 0o700 });
        linkSync(path, source);
      }
      await copyFileAudio(dataDirectory, job.sessionId, source, stop.signal);
    })()
      .catch((error: unknown) => {
        if (!stop.signal.aborted) {
          console.error(
            `earshot: the audio of "${job.status().title}" was not kept: ${(error as Error).message}`,
          );
        }
      })
      .finally(() => {
        if (upload) rmSync(source, { force: true });
        this.keepingFileAudio.delete(job.id);
      });
    this.keepingFileAudio.set(job.id, { kept, stop });
  }

  private get workDirectory(): string {
    return join(this.options.dataDirectory, 'jobs');
  }

  private run(
    definition: ProviderDefinition<unknown>,
    path: string,
    details: {
      title?: string;
      language?: string;
      resume?: FileJobRecord;
      sessionId?: string;
      ranges?: readonly TimeRange[];
      destination?: DestinationOfJob;
    },
  ): FileJob {
    const uploadedName = uploadedFileName(this.options.dataDirectory, path);
    const job = createFileJob({
      path,
      shownName: uploadedName,
      definition,
      rawConfig: readProviderConfig(this.options.dataDirectory, definition.metadata.id),
      runtimeProblem: () => managedRuntimeProblem(this.options.dataDirectory, definition),
      ...details,
      store: this.options.store,
      resolveBaseUrl: this.options.resolveBaseUrl,
      workDirectory: this.workDirectory,
      inspect: this.options.inspection?.observe({
        machine: 'fileJob',
        label: `${definition.metadata.name} · ${details.resume?.title ?? details.title ?? basename(path)}`,
      }),
    });
    this.jobs.set(job.id, job);
    this.waiting.push(job);
    void job.finished.then((status) => {
      this.onEnded(job);
      // A new session's, not a re-transcription's: that session has its audio already.
      if (status.state === 'completed' && details.destination === undefined) this.keepFileAudio(job, path);
      // In the turn the job ends, before later listeners to `finished` hear of it: the upload is gone.
      if (uploadedName !== undefined) removeUpload(path);
    });
    this.startWaiting();
    return job;
  }

  /** Why a stored job cannot go on, or undefined when it can. */
  private resumeProblem(record: FileJobRecord): string | undefined {
    const session = this.options.store.getSession(record.sessionId);
    if (session !== undefined && session.status !== 'recording') return `Its session is ${session.status}.`;
    return this.toolsProblem(record);
  }

  /** Why a stored re-transcription cannot go on, or undefined when it can. */
  private versionResumeProblem(record: FileJobRecord): string | undefined {
    const session = this.options.store.getSession(record.sessionId);
    if (session === undefined) return 'Its session is gone.';
    if (session.status === 'recording') return 'Its session is recording again.';
    return this.toolsProblem(record);
  }

  /** Why the job's provider or file cannot go on, whatever it writes into. */
  private toolsProblem(record: FileJobRecord): string | undefined {
    if ((this.options.findProvider ?? findProvider)(record.providerId) === undefined) {
      return `This Earshot has no provider "${record.providerId}" to go on with.`;
    }
    if (!existsSync(record.path)) return `The file it was transcribing is gone (${record.path}).`;
    return undefined;
  }

  /**
   * Ends a stored job that cannot go on. A session that ended shows how the job did (the crash
   * came between the two writes); a session still recording keeps what was committed and fails.
   */
  private settleUnresumable(record: FileJobRecord, problem: string): void {
    const { store } = this.options;
    const version = store.transcriptVersionOfJob(record.id);
    if (version !== undefined) {
      const error = `The re-transcription could not resume after a restart: ${problem}`;
      if (version.state === 'pending') store.updateTranscriptVersion(version.id, { state: 'failed', error });
      store.updateFileJob(record.id, { state: 'failed', error });
      return;
    }
    const session = store.getSession(record.sessionId);
    if (session?.status === 'completed') {
      store.updateFileJob(record.id, { state: 'completed' });
      return;
    }
    const error = `The job could not resume after a restart: ${problem}`;
    if (session?.status === 'recording')
      changeSessionStatus(store, session.id, { type: 'FAIL', reason: error });
    store.updateFileJob(record.id, { state: 'failed', error });
    const uploadedName = uploadedFileName(this.options.dataDirectory, record.path);
    if (uploadedName !== undefined) removeUpload(record.path);
  }

  private provider(name: string | undefined): ProviderDefinition<unknown> {
    const wanted = name?.trim() || defaultProviderId;
    const definition = (this.options.findProvider ?? findProvider)(wanted);
    if (definition === undefined) {
      throw new TranscriptionRequestError(
        `There is no provider "${wanted}"; name one by id or label, such as deepgram or P06.`,
      );
    }
    return definition;
  }

  private startWaiting(): void {
    const limit = this.options.maxRunning ?? maxRunningJobs;
    while (this.running.size < limit) {
      const next = this.waiting.shift();
      if (next === undefined) return;
      // A job cancelled while it waited is ending by itself and takes no slot.
      if (next.status().state !== 'queued') continue;
      this.running.add(next);
      next.start();
    }
  }

  private onEnded(job: FileJob): void {
    const waited = this.waiting.indexOf(job);
    if (waited >= 0) this.waiting.splice(waited, 1);
    this.running.delete(job);
    this.ended.push(job.id);
    while (this.ended.length > endedJobsKept) this.jobs.delete(this.ended.shift() ?? '');
    this.startWaiting();
  }
}

/** What the service says of a job that ended, or was left, before this process started. */
function storedStatus(record: FileJobRecord): FileJobStatus {
  const chunkCount = record.chunkDurationsMs?.length ?? 0;
  const done = record.chunkDurationsMs?.slice(0, record.chunksDone).reduce((sum, ms) => sum + ms, 0) ?? 0;
  const total = record.chunkDurationsMs?.reduce((sum, ms) => sum + ms, 0) ?? 0;
  return {
    jobId: record.id,
    sessionId: record.sessionId,
    path: record.path,
    title: record.title,
    providerId: record.providerId,
    language: record.language,
    state: record.state === 'running' ? 'queued' : record.state,
    progress: record.state === 'completed' ? 1 : total > 0 ? done / total : 0,
    chunkIndex: Math.min(record.chunksDone, Math.max(0, chunkCount - 1)),
    chunkCount,
    error: record.error,
    createdAt: record.createdAt,
    resumeCount: record.resumeCount,
  };
}

/**
 * The base URL resolver for every provider: the config's `endpoint`, else its `baseUrl`, else the
 * vendor's default; providers on the managed runtime (P14) get `startManagedRuntime`'s answer.
 */
export function providerBaseUrls(startManagedRuntime?: ResolveBaseUrl): ResolveBaseUrl {
  return (definition, config, signal) => {
    const { metadata } = definition;
    if (metadata.executionMode === 'managed-runtime') {
      if (startManagedRuntime !== undefined) return startManagedRuntime(definition, config, signal);
      return Promise.reject(
        new Error(
          `${metadata.label} ${metadata.name} runs on the local runtime, which this process cannot start.`,
        ),
      );
    }
    return Promise.resolve(configuredAddress(definition, config) ?? metadata.defaultBaseUrl);
  };
}

function checkedPath(path: string): string {
  if (typeof path !== 'string' || !isAbsolute(path)) {
    throw new TranscriptionRequestError(
      `The file must be named by an absolute path (got "${String(path)}").`,
    );
  }
  return path;
}

function checkedLanguage(language: string | undefined): string | undefined {
  if (language === undefined) return undefined;
  const code = language.trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(code)) {
    throw new TranscriptionRequestError(
      `The language must be a two-letter ISO 639-1 code such as en or zh (got "${language}").`,
    );
  }
  return code;
}
