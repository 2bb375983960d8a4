import { control } from '../connection/control.ts';
import { uploadFile } from './uploadFile.ts';

/** What `GET /control/v1/transcriptions/:id` tells (FileJobStatus on the service). */
export interface TranscriptionStatus {
  jobId: string;
  sessionId: string;
  state: string;
  progress: number;
  chunkIndex: number;
  chunkCount: number;
  error: string | null;
}

export type QueuedFileState = 'waiting' | 'uploading' | 'transcribing' | 'completed' | 'failed' | 'cancelled';

export interface QueuedFile {
  id: number;
  name: string;
  bytes: number;
  provider: string;
  language: string | undefined;
  state: QueuedFileState;
  uploadFraction: number;
  job: TranscriptionStatus | undefined;
  error: string | undefined;
}

const pollMs = 500;
const endedJobStates = new Set(['completed', 'failed', 'cancelled']);

/**
 * Files waiting to be transcribed, done one after another: upload with progress, start the job,
 * follow it until it ends. A plain store (subscribe/snapshot) so the page renders from it and the
 * queue keeps going while the user looks at other pages.
 */
export class FileQueue {
  private items: QueuedFile[] = [];
  private readonly files = new Map<number, File>();
  private readonly listeners = new Set<() => void>();
  private nextId = 1;
  private running: { id: number; cancel: () => void } | undefined;

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
          state: 'waiting',
          uploadFraction: 0,
          job: undefined,
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
    this.items = this.items.filter(
      (item) => item.state !== 'completed' && item.state !== 'failed' && item.state !== 'cancelled',
    );
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
    let cancelled = false;
    let jobId: string | undefined;
    const upload = uploadFile(file, (fraction) => this.update(id, { uploadFraction: fraction }));
    this.running = {
      id,
      cancel: () => {
        cancelled = true;
        if (jobId === undefined) upload.abort();
        else
          void control('POST', `/transcriptions/${encodeURIComponent(jobId)}/cancel`).catch(() => undefined);
      },
    };
    this.update(id, { state: 'uploading' });
    try {
      const uploaded = await upload.done;
      this.update(id, { uploadFraction: 1 });
      if (cancelled) throw new Error('cancelled');
      const started = await control<{ jobId: string; sessionId: string }>('POST', '/transcriptions', {
        upload: uploaded.upload,
        provider: item.provider,
        title: file.name,
        ...(item.language === undefined ? {} : { language: item.language }),
      });
      jobId = started.jobId;
      this.update(id, { state: 'transcribing' });
      for (;;) {
        const status = await control<TranscriptionStatus>(
          'GET',
          `/transcriptions/${encodeURIComponent(jobId)}`,
        );
        this.update(id, { job: status });
        if (endedJobStates.has(status.state)) {
          this.update(id, {
            state: status.state as QueuedFileState,
            error: status.state === 'failed' ? (status.error ?? 'The transcription failed.') : undefined,
          });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    } catch (error) {
      if (cancelled) this.update(id, { state: 'cancelled' });
      else
        this.update(id, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
    } finally {
      this.files.delete(id);
      this.running = undefined;
      this.runNext();
    }
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
