/**
 * The thread of searchIndexMerger.ts: its own connection to the store's database, so a merge
 * step's tens of milliseconds never hold the main thread's event loop, and readers (WAL) read on
 * meanwhile. Answers each message with whether more is left to merge.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../database.ts';
import { mergeSearchIndexStep } from './searchIndexMerging.ts';

const { dataDirectory } = workerData as { dataDirectory: string };
const database = openDatabase(dataDirectory);

parentPort?.on('message', () => {
  try {
    parentPort?.postMessage({ more: mergeSearchIndexStep(database) });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
