import type { ChildProcess } from 'node:child_process';
import { removeChildRecord, writeChildRecord } from './childRecords.ts';
import { bootId, hasProcFileSystem, readProcessStat } from './linuxProcesses.ts';

let ownStartTicks: number | undefined;

/**
 * Writes down a child the moment it is spawned (its pid is known at once) and forgets it when it
 * exits, so that a later start can stop it if this process ends first without stopping it. A child
 * that cannot be recorded still runs, with a warning. Without /proc there are no records.
 */
export function recordChild(
  child: ChildProcess,
  { command, args, processGroup }: { command: string; args: readonly string[]; processGroup: boolean },
): void {
  const pid = child.pid;
  if (pid === undefined || !hasProcFileSystem()) return;
  // It has not been waited for yet, so its /proc entry is there even if it has already ended.
  const startTicks = readProcessStat(pid)?.startTicks;
  ownStartTicks ??= readProcessStat(process.pid)?.startTicks;
  if (startTicks === undefined || ownStartTicks === undefined) return;
  let path: string;
  try {
    path = writeChildRecord({
      pid,
      startTicks,
      processGroup: processGroup ? pid : null,
      command,
      args: [...args],
      owner: { pid: process.pid, startTicks: ownStartTicks },
      bootId: bootId(),
      startedAt: new Date().toISOString(),
    });
  } catch (error) {
    process.emitWarning(
      `Could not record child process ${pid} (${command}); if it is left running, no later start will stop it: ${String(error)}`,
    );
    return;
  }
  child.once('exit', () => removeChildRecord(path));
}
