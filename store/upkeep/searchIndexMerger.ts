import { Worker } from 'node:worker_threads';

const workerScript = new URL('./searchIndexMergeWorker.ts', import.meta.url);

/** Merge steps (searchIndexMerging.ts) run one at a time on a thread of their own. */
export class SearchIndexMerger {
  private readonly worker: Worker;
  private waiting: { resolve: (more: boolean) => void; reject: (error: Error) => void } | undefined;

  constructor(dataDirectory: string) {
    this.worker = new Worker(workerScript, { workerData: { dataDirectory } });
    // Upkeep must never keep the process alive.
    this.worker.unref();
    this.worker.on('message', (reply: { more: boolean } | { error: string }) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.more);
    });
    const fail = (error: Error) => {
      this.waiting?.reject(error);
      this.waiting = undefined;
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) =>
      fail(new Error(`The search index merging thread stopped (exit code ${code}).`)),
    );
  }

  /** One step; true when more is left to merge. */
  step(): Promise<boolean> {
    if (this.waiting !== undefined) return Promise.reject(new Error('A merge step is already running.'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.worker.postMessage('step');
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
