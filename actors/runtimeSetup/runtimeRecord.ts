import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from '../../store/privateFile.ts';
import { runtimeDirectory } from './runtimePaths.ts';

/** `<dataDir>/runtime/runtime.json`: the runtime that `earshot runtime start` keeps running. */
export interface RuntimeRecord {
  /** The `earshot runtime start` process that owns the server. */
  ownerPid: number;
  serverPid: number;
  baseUrl: string;
  startedAt: string;
}

function recordPath(dataDirectory: string): string {
  return join(runtimeDirectory(dataDirectory), 'runtime.json');
}

export function writeRuntimeRecord(dataDirectory: string, record: RuntimeRecord): void {
  mkdirSync(runtimeDirectory(dataDirectory), { recursive: true });
  writePrivateFile(recordPath(dataDirectory), `${JSON.stringify(record, null, 2)}\n`);
}

export function readRuntimeRecord(dataDirectory: string): RuntimeRecord | undefined {
  try {
    return JSON.parse(readFileSync(recordPath(dataDirectory), 'utf8')) as RuntimeRecord;
  } catch {
    return undefined;
  }
}

export function removeRuntimeRecord(dataDirectory: string): void {
  rmSync(recordPath(dataDirectory), { force: true });
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
