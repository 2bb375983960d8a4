/**
 * A reader thread of sessionReadPool.ts: its own read-only connection to the store's database
 * (WAL lets it read while the main thread writes; each list is one read transaction, so it sees
 * every transaction committed before it began), answering list queries one at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../database.ts';
import { SessionListReader } from '../sessionListReader.ts';
import type { ReaderReply, ReaderRequest } from './readerMessages.ts';

const { dataDirectory } = workerData as { dataDirectory: string };
const database = openDatabase(dataDirectory, { readOnly: true });
// Searches read the same index pages and segments again and again: 32 MB instead of SQLite's 2 MB
// keeps them in this connection's cache.
database.exec('PRAGMA cache_size = -32768');
// Posting an answer copies it: the reader's recent answers need no copy of their own.
const reader = new SessionListReader(database, { copyAnswers: false });

parentPort?.on('message', ({ id, query }: ReaderRequest) => {
  let reply: ReaderReply;
  try {
    reply = { id, page: reader.list(query) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
