import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SessionPage, SessionQuery } from '../records.ts';
import type { ReaderReply, ReaderRequest } from './readerMessages.ts';

const workerScript = new URL('./sessionReadWorker.ts', import.meta.url);

/** One reader per core, at most four: more would only queue for the same cores. */
export const defaultReaderCount = Math.max(1, Math.min(4, availableParallelism()));

interface Reader {
  worker: Worker;
  pending: Map<number, { resolve: (page: SessionPage) => void; reject: (error: Error) => void }>;
}

/**
 * Session lists answered by reader threads (sessionReadWorker.ts), each with its own read-only
 * connection, so a search that takes tens of milliseconds never holds the main thread's event
 * loop: live audio, the app channel and every other request go on meanwhile, and two searches run
 * on two cores at once. A list goes to the reader with the fewest lists waiting. A reader that
 * dies fails its waiting lists and is replaced.
 *
 * A list without `search` or `words` reads one page along the start-time index, about a
 * millisecond: given `plainLists` (the store), the pool answers those on the calling thread, so
 * they never wait behind searches.
 */
export class SessionReadPool {
  private readonly dataDirectory: string;
  private readonly plainLists: ((query: SessionQuery) => SessionPage) | undefined;
  private readonly readers: Reader[] = [];
  private nextId = 0;
  private closed = false;

  constructor(
    dataDirectory: string,
    options: { size?: number; plainLists?: (query: SessionQuery) => SessionPage } = {},
  ) {
    this.dataDirectory = dataDirectory;
    this.plainLists = options.plainLists;
    const size = options.size ?? defaultReaderCount;
    for (let index = 0; index < size; index++) this.readers.push(this.startReader());
  }

  listSessions(query: SessionQuery): Promise<SessionPage> {
    if (this.closed) return Promise.reject(new Error('The session readers are closed.'));
    const isSearch = (query.search ?? '').trim() !== '' || (query.words ?? '').trim() !== '';
    if (!isSearch && this.plainLists !== undefined) return Promise.resolve(this.plainLists(query));
    const reader = this.readers.reduce((least, candidate) =>
      candidate.pending.size < least.pending.size ? candidate : least,
    );
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      reader.pending.set(id, { resolve, reject });
      reader.worker.postMessage({ id, query } satisfies ReaderRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.readers.map((reader) => reader.worker.terminate()));
  }

  private startReader(): Reader {
    const worker = new Worker(workerScript, { workerData: { dataDirectory: this.dataDirectory } });
    const reader: Reader = { worker, pending: new Map() };
    // Idle readers must not keep the process alive.
    worker.unref();
    worker.on('message', (reply: ReaderReply) => {
      const waiting = reader.pending.get(reply.id);
      reader.pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.page);
    });
    const fail = (error: Error) => {
      for (const waiting of reader.pending.values()) waiting.reject(error);
      reader.pending.clear();
      const index = this.readers.indexOf(reader);
      if (!this.closed && index >= 0) this.readers[index] = this.startReader();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A session reader thread stopped (exit code ${code}).`)));
    return reader;
  }
}
