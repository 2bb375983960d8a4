import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ChildRecord, readChildRecords, removeChildRecord } from './childRecords.ts';
import {
  bootId,
  commandName,
  groupMembers,
  hasEnded,
  hasProcFileSystem,
  isRunning,
  readProcessStat,
} from './linuxProcesses.ts';

/** A child left running by an owner that ended without stopping it, now stopped. */
export interface ReapedChild {
  pid: number;
  /** The program's file name only: its arguments stay out of logs. */
  command: string;
}

export interface ReapOptions {
  /** How long SIGTERM gets before SIGKILL. */
  graceMs?: number;
}

const pollMs = 50;

/**
 * Stops the children that an earlier Earshot process recorded and did not live to stop (it was
 * killed, and they had no parent death signal, or are the rest of a group that the signal does
 * not reach), then forgets them: for each record whose owner has ended, SIGTERM to the child (its
 * whole group if it leads one), SIGKILL after `graceMs`. Only a process whose pid, start time and
 * program all match the record is signalled; a pid since given to another process is left alone.
 * Records of running owners are kept, and records that do not parse are removed. Needs Linux's
 * /proc: elsewhere there are no records and nothing is reaped.
 */
export async function reapOrphans({ graceMs = 2_000 }: ReapOptions = {}): Promise<ReapedChild[]> {
  if (!hasProcFileSystem()) return [];
  const currentBoot = bootId();
  const reaped: ReapedChild[] = [];
  for (const { path, record } of readChildRecords()) {
    if (record === undefined) {
      removeChildRecord(path);
      continue;
    }
    // A record from an earlier boot names processes that have all ended.
    const sameBoot = record.bootId === currentBoot;
    if (sameBoot && isRunning(record.owner.pid, record.owner.startTicks)) continue;
    if (sameBoot && (await stopOrphan(record, graceMs))) {
      reaped.push({ pid: record.pid, command: basename(record.command) });
    }
    removeChildRecord(path);
  }
  return reaped;
}

/** Signals the record's process or group if any of it still runs; true if it did. */
async function stopOrphan(record: ChildRecord, graceMs: number): Promise<boolean> {
  const target = orphanTarget(record);
  if (target === undefined) return false;
  target.signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (target.isAlive() && Date.now() < deadline) await sleep(pollMs);
  if (target.isAlive()) target.signal('SIGKILL');
  return true;
}

interface OrphanTarget {
  signal(signal: NodeJS.Signals): void;
  isAlive(): boolean;
}

function orphanTarget(record: ChildRecord): OrphanTarget | undefined {
  const { pid, startTicks, processGroup } = record;
  const leader = readProcessStat(pid);
  const leaderRuns = leader !== undefined && !hasEnded(leader);
  const leaderMatches =
    leaderRuns && leader.startTicks === startTicks && commandName(pid) === basename(record.command);
  // Its pid now names another process, or no longer the program that was started.
  if (leaderRuns && !leaderMatches) return undefined;
  if (processGroup === null) {
    return leaderMatches
      ? { signal: (signal) => signalQuietly(pid, signal), isAlive: () => isRunning(pid, startTicks) }
      : undefined;
  }
  // The leader may have ended (its parent death signal) while the rest of its group works on. The
  // kernel gives its number to no new process while any of that group is left.
  const isAlive = () => groupMembers(processGroup, startTicks).length > 0;
  return isAlive() ? { signal: (signal) => signalQuietly(-processGroup, signal), isAlive } : undefined;
}

/** The target may end on its own at any moment; a signal that finds nothing is no failure. */
function signalQuietly(target: number, signal: NodeJS.Signals): void {
  try {
    process.kill(target, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
