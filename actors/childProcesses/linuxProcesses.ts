import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** What /proc/<pid>/stat says of a process that this code needs. */
export interface ProcessStat {
  /** R, S, D, T, Z (zombie: ended, not yet waited for), X… */
  state: string;
  processGroup: number;
  session: number;
  /** When it started, in clock ticks since boot (field 22): with the pid, it names one process. */
  startTicks: number;
}

/**
 * Whether this system has a Linux /proc. Without it nothing can tell a process from a later one
 * that got its pid, so children are neither recorded nor reaped there.
 */
export function hasProcFileSystem(): boolean {
  return existsSync('/proc/self/stat');
}

export function readProcessStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, , processGroup, session] = fields;
  const startTicks = Number(fields[19]);
  if (state === undefined || !Number.isSafeInteger(startTicks)) return undefined;
  return { state, processGroup: Number(processGroup), session: Number(session), startTicks };
}

/** True while `pid` is the process that started at `startTicks` and has not ended. */
export function isRunning(pid: number, startTicks: number): boolean {
  const stat = readProcessStat(pid);
  return stat !== undefined && stat.startTicks === startTicks && !hasEnded(stat);
}

/** A zombie has ended: nothing but its parent's wait keeps its entry, and no signal reaches it. */
export function hasEnded(stat: ProcessStat): boolean {
  return stat.state === 'Z' || stat.state === 'X';
}

/** The file name of the program `pid` runs, from the first word of its command line. */
export function commandName(pid: number): string | undefined {
  try {
    const first = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return first === undefined || first === '' ? undefined : basename(first);
  } catch {
    return undefined;
  }
}

/** Changes at every boot: start ticks from another boot say nothing about this one's processes. */
export function bootId(): string {
  return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
}

/**
 * Every running process of the group and session that a detached child with pid `group` leads
 * (it leads both), started no earlier than `startTicks`, the leader's own start.
 */
export function groupMembers(group: number, startTicks: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      const stat = readProcessStat(pid);
      return (
        stat !== undefined &&
        stat.processGroup === group &&
        stat.session === group &&
        stat.startTicks >= startTicks &&
        !hasEnded(stat)
      );
    });
}
