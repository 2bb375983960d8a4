import { readdirSync, readFileSync } from 'node:fs';
import { readChildRecords } from '../../actors/childProcesses/childRecords.ts';
import { commandName, isRunning, readProcessStat } from '../../actors/childProcesses/linuxProcesses.ts';

/** One process, named so that a later process given the same pid is not taken for it. */
export interface ProcessIdentity {
  pid: number;
  startTicks: number;
  command: string;
}

/**
 * What the service runs besides itself at this moment: its descendants in /proc (ffmpeg while a
 * job decodes, setpriv's exec'd child) and the children it recorded in EARSHOT_CHILD_RECORDS,
 * which names the ones /proc could miss (a child that a crash had already cut loose).
 */
export function serviceChildren(servicePid: number): ProcessIdentity[] {
  const found = new Map<string, ProcessIdentity>();
  const add = (pid: number, startTicks: number, command: string) =>
    found.set(`${pid}-${startTicks}`, { pid, startTicks, command });
  for (const pid of descendants(servicePid)) {
    const stat = readProcessStat(pid);
    if (stat !== undefined) add(pid, stat.startTicks, commandName(pid) ?? '?');
  }
  for (const { record } of readChildRecords()) {
    if (record?.owner.pid === servicePid) add(record.pid, record.startTicks, record.command);
  }
  return [...found.values()];
}

/** Those of `processes` that still run (a zombie has ended). */
export function stillRunning(processes: readonly ProcessIdentity[]): ProcessIdentity[] {
  return processes.filter(({ pid, startTicks }) => isRunning(pid, startTicks));
}

function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentPid(Number(entry));
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const pending = [...(children.get(root) ?? [])];
  for (let pid = pending.shift(); pid !== undefined; pid = pending.shift()) {
    found.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return found;
}

function parentPid(pid: number): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; the parent is field 4.
    return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}
