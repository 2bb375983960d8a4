import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { writePrivateFile } from '../../store/privateFile.ts';

/** One child process, written down the moment it is spawned and removed when it exits. */
export interface ChildRecord {
  pid: number;
  /** /proc/<pid>/stat field 22: with `bootId`, tells this process from a later one given its pid. */
  startTicks: number;
  /** The process group it leads (its pid) when it was started as one, else null. */
  processGroup: number | null;
  command: string;
  args: string[];
  /** The process that spawned it: while that one runs, the child is not an orphan. */
  owner: { pid: number; startTicks: number };
  bootId: string;
  startedAt: string;
}

/**
 * Where the records live: `$EARSHOT_CHILD_RECORDS`, else `$XDG_STATE_HOME/earshot/children`
 * (`~/.local/state/earshot/children`). Per user, not per data directory: an orphan is one whatever
 * data directory its owner served, and one test process runs many services. Read at each use.
 */
export function childRecordsDirectory(): string {
  const chosen = process.env.EARSHOT_CHILD_RECORDS;
  if (chosen !== undefined && chosen !== '') return chosen;
  const stateHome = process.env.XDG_STATE_HOME;
  const base =
    stateHome !== undefined && isAbsolute(stateHome) ? stateHome : join(homedir(), '.local', 'state');
  return join(base, 'earshot', 'children');
}

function recordPath(directory: string, pid: number, startTicks: number): string {
  return join(directory, `${pid}-${startTicks}.json`);
}

/** Writes `record` whole or not at all (fsync, then rename), in a directory only the user can open. */
export function writeChildRecord(record: ChildRecord): string {
  const directory = childRecordsDirectory();
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  // A directory made earlier by something else keeps its mode; the records name what the user runs.
  chmodSync(directory, 0o700);
  const path = recordPath(directory, record.pid, record.startTicks);
  writePrivateFile(path, `${JSON.stringify(record, null, 2)}\n`);
  return path;
}

export function removeChildRecord(path: string): void {
  rmSync(path, { force: true });
}

/** A record file, and what it holds, or undefined when it is not a record (half a file, hand-edited). */
export interface StoredChildRecord {
  path: string;
  record: ChildRecord | undefined;
}

export function readChildRecords(): StoredChildRecord[] {
  const directory = childRecordsDirectory();
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const path = join(directory, name);
      return { path, record: parseChildRecord(readText(path)) };
    });
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function parseChildRecord(text: string): ChildRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Partial<ChildRecord>;
  const owner = record.owner as Partial<ChildRecord['owner']> | undefined;
  const wellFormed =
    isProcessId(record.pid) &&
    Number.isSafeInteger(record.startTicks) &&
    (record.processGroup === null || record.processGroup === record.pid) &&
    typeof record.command === 'string' &&
    record.command !== '' &&
    Array.isArray(record.args) &&
    record.args.every((arg) => typeof arg === 'string') &&
    typeof owner === 'object' &&
    owner !== null &&
    isProcessId(owner.pid) &&
    Number.isSafeInteger(owner.startTicks) &&
    typeof record.bootId === 'string' &&
    typeof record.startedAt === 'string';
  return wellFormed ? (record as ChildRecord) : undefined;
}

/** A pid that can be a child's. Never 0 or 1: signalled as a group, those are our own group and every process. */
function isProcessId(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 1;
}
