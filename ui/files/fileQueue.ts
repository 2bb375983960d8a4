import { control, ControlRequestError } from '../connection/control.ts';
import { type FileJobStatus, isEndedJob } from './jobStates.ts';
import { uploadFile } from './uploadFile.ts';

export type QueuedFileState = 'waiting' | 'uploading' | 'transcribing' | 'completed' | 'failed' | 'cancelled';

export interface QueuedFile {
  id: number;
  name: string;
  bytes: number;
  provider: string;
  language: string | undefined;
  /** Epoch ms: places a file that has no job yet among the service's jobs. */
  addedAt: number;
  state: QueuedFileState;
  uploadFraction: number;
  /** The service's job for the file, once `POST /transcriptions` has answered. */
  jobId: string | undefined;
  /** The job's status as last asked. */
  job: FileJobStatus | undefined;
  /**
   * The last question about the job went unanswered (the service is restarting, or no longer knows
   * this browser): the job itself goes on, and resumes if the service stopped, so it is asked again.
   */
  waitingForService: boolean;
  error: string | undefined;
}

const endedFileStates: ReadonlySet<QueuedFileState> = new Set(['completed', 'failed', 'cancelled']);

/** A file whose turn in the queue is over, however it went. */
export function queuedFileEnded(file: QueuedFile): boolean {
  return endedFileStates.has(file.state);
}

/** What the queue asks of the browser; tests give their own. */
export interface FileQueueService {
  control: typeof control;
  uploadFile: typeof uploadFile;
}

const pollMs = 500;

function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/**
 * Files waiting to be transcribed, done one after another: upload with progress, start the job,
 * follow it until it ends. A plain store (subscribe/snapshot) so the page renders from it and the
 * queue keeps going while the user looks at other pages.
 */
export class FileQueue {
  private items: QueuedFile[] = [];
  private readonly files = new Map<number, File>();
  private readonly listeners = new Set<() => void>();
  private readonly service: FileQueueService;
  private nextId = 1;
  private running: { id: number; cancel: () => void } | undefined;

  constructor(service: FileQueueService = { control, uploadFile }) {
    this.service = service;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): QueuedFile[] => this.items;

  add(files: File[], provider: string, language: string | undefined): void {
    for (const file of files) {
      const id = this.nextId++;
      this.files.set(id, file);
      this.items = [
        ...this.items,
        {
          id,
          name: file.name,
          bytes: file.size,
          provider,
          language,
          addedAt: Date.now(),
          state: 'waiting',
          uploadFraction: 0,
          jobId: undefined,
          job: undefined,
          waitingForService: false,
          error: undefined,
        },
      ];
    }
    this.changed();
    this.runNext();
  }

  cancel(id: number): void {
    const item = this.items.find((candidate) => candidate.id === id);
    if (item === undefined) return;
    if (item.state === 'waiting') this.update(id, { state: 'cancelled' });
    else if (this.running?.id === id) this.running.cancel();
  }

  /** Forgets the files that have ended. */
  clearEnded(): void {
    this.items = this.items.filter((item) => !queuedFileEnded(item));
    this.changed();
  }

  private runNext(): void {
    if (this.running !== undefined) return;
    const next = this.items.find((item) => item.state === 'waiting');
    const file = next === undefined ? undefined : this.files.get(next.id);
    if (next === undefined || file === undefined) return;
    void this.transcribe(next, file);
  }

  private async transcribe(item: QueuedFile, file: File): Promise<void> {
    const { id } = item;
    let cancelRequested = false;
    let jobId: string | undefined;
    const upload = this.service.uploadFile(file, (fraction) => this.update(id, { uploadFraction: fraction }));
    this.running = {
      id,
      cancel: () => {
        cancelRequested = true;
        if (jobId === undefined) upload.abort();
        else void this.askToCancel(jobId);
      },
    };
    this.update(id, { state: 'uploading' });
    try {
      const uploaded = await upload.done;
      this.update(id, { uploadFraction: 1 });
      if (cancelRequested) throw new Error('cancelled');
      const started = await this.service.control<{ jobId: string; sessionId: string }>(
        'POST',
        '/transcriptions',
        {
          upload: uploaded.upload,
          provider: item.provider,
          title: file.name,
          ...(item.language === undefined ? {} : { language: item.language }),
        },
      );
      jobId = started.jobId;
      this.update(id, { state: 'transcribing', jobId });
      const final = await this.follow(id, jobId, () => cancelRequested);
      this.update(id, {
        state: final.state as QueuedFileState,
        error: final.state === 'failed' ? (final.error ?? 'The transcription failed.') : undefined,
      });
    } catch (error) {
      if (cancelRequested && jobId === undefined) this.update(id, { state: 'cancelled' });
      else
        this.update(id, {
          state: 'failed',
          waitingForService: false,
          error: error instanceof Error ? error.message : String(error),
        });
    } finally {
      this.files.delete(id);
      this.running = undefined;
      this.runNext();
    }
  }

  /**
   * Asks about the job until it ends. Only the service saying it has no such job ends the
   * following early (thrown): an unanswered question, or a refusal while the service restarts or
   * no longer knows this browser, says nothing of the job, which the service resumes when it
   * starts again. A cancel the user asked for is sent again while the job does not show it, as
   * the first may not have reached the service.
   */
  private async follow(id: number, jobId: string, cancelRequested: () => boolean): Promise<FileJobStatus> {
    for (;;) {
      let status: FileJobStatus;
      try {
        status = await this.service.control<FileJobStatus>(
          'GET',
          `/transcriptions/${encodeURIComponent(jobId)}`,
        );
      } catch (error) {
        if (error instanceof ControlRequestError && error.status === 404) throw error;
        this.update(id, { waitingForService: true });
        await pause(pollMs);
        continue;
      }
      this.update(id, { job: status, waitingForService: false });
      if (isEndedJob(status)) return status;
      if (cancelRequested() && status.state !== 'cancelling') await this.askToCancel(jobId);
      await pause(pollMs);
    }
  }

  /** A cancel that does not reach the service is sent again by `follow`. */
  private askToCancel(jobId: string): Promise<void> {
    return this.service
      .control('POST', `/transcriptions/${encodeURIComponent(jobId)}/cancel`)
      .then(() => undefined)
      .catch(() => undefined);
  }

  private update(id: number, change: Partial<QueuedFile>): void {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...change } : item));
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The page's one queue, kept while the user visits other pages. */
export const fileQueue = new FileQueue();
