import { basename, isAbsolute } from 'node:path';
import { createFileJob, isFinalFileJobState, type FileJob, type FileJobStatus } from './fileJob.ts';
import type { ProviderDefinition, ResolveBaseUrl } from '../../providers/contract.ts';
import { configuredAddress } from '../../providers/providerAddress.ts';
import { defaultProviderId, findProvider } from '../../providers/registry.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { removeUpload, uploadedFileName } from '../../store/uploadedFiles.ts';
import type { ActorInspection } from '../inspection/actorInspection.ts';
import { readProviderConfig } from '../../store/providerSettings.ts';
import { managedRuntimeProblem } from '../runtimeSetup/storedRuntimeProblem.ts';

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

/** Ended jobs kept for status queries; older ones are forgotten (their sessions stay). */
export const endedJobsKept = 100;

/**
 * The file transcription jobs of the service process: started here, run a few at a time in the
 * order they came, asked about, cancelled and followed by id.
 */
export class TranscriptionJobs {
  private readonly options: TranscriptionJobsOptions;
  private readonly jobs = new Map<string, FileJob>();
  private readonly waiting: FileJob[] = [];
  private readonly running = new Set<FileJob>();
  private readonly ended: string[] = [];

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
    const uploadedName = uploadedFileName(this.options.dataDirectory, path);
    const title = request.title?.trim() || uploadedName;
    const job = createFileJob({
      path,
      definition,
      rawConfig: readProviderConfig(this.options.dataDirectory, definition.metadata.id),
      runtimeProblem: () => managedRuntimeProblem(this.options.dataDirectory, definition),
      language: checkedLanguage(request.language),
      title,
      store: this.options.store,
      resolveBaseUrl: this.options.resolveBaseUrl,
      inspect: this.options.inspection?.observe({
        machine: 'fileJob',
        label: `${definition.metadata.name} · ${title ?? basename(path)}`,
      }),
    });
    this.jobs.set(job.id, job);
    this.waiting.push(job);
    void job.finished.then(() => {
      this.onEnded(job);
      // In the turn the job ends, before later listeners to `finished` hear of it: the upload is gone.
      if (uploadedName !== undefined) removeUpload(path);
    });
    this.startWaiting();
    return job;
  }

  get(jobId: string): FileJobStatus | undefined {
    return this.jobs.get(jobId)?.status();
  }

  /** Asks the job to stop; it reports `cancelling`, then `cancelled` once cleaned up. */
  cancel(jobId: string): FileJobStatus | undefined {
    const job = this.jobs.get(jobId);
    job?.cancel();
    return job?.status();
  }

  /** Follows one job's state and progress; undefined when there is no such job. */
  subscribe(jobId: string, listener: (status: FileJobStatus) => void): (() => void) | undefined {
    return this.jobs.get(jobId)?.subscribe(listener);
  }

  /** The job's final status once it has ended and cleaned up. */
  finished(jobId: string): Promise<FileJobStatus> | undefined {
    return this.jobs.get(jobId)?.finished;
  }

  /** Cancels every job that has not ended and waits for them, before the store closes. */
  async close(): Promise<void> {
    const unfinished = [...this.jobs.values()].filter((job) => !isFinalFileJobState(job.status().state));
    for (const job of unfinished) job.cancel();
    await Promise.all(unfinished.map((job) => job.finished));
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
