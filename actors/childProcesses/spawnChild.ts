import { type ChildProcess, type ChildProcessByStdio, spawn, type SpawnOptions } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { followGroup } from './childGroups.ts';
import { dyingWithParent } from './parentDeathSignal.ts';
import { recordChild } from './recordChild.ts';

export interface ChildOptions extends Omit<SpawnOptions, 'detached' | 'shell' | 'argv0' | 'cwd' | 'stdio'> {
  cwd?: string;
  /**
   * Leads a process group (and session) of its own, so one signal reaches everything it starts:
   * a build's bash and its compilers, whisper-server. Stopping such a child means signalling `-pid`.
   */
  processGroup?: boolean;
}

type PipedOutput = ['ignore', 'pipe', 'pipe'];
type PipedAll = ['pipe', 'pipe', 'pipe'];

/**
 * The one way Earshot starts a child process, so that none outlives it: on Linux the child dies
 * with this process (`dyingWithParent`), the rest of its group too when it leads one
 * (`followGroup`), and it is recorded until it exits, so that a later start can stop whatever a
 * SIGKILL left running (`reapOrphans`).
 */
export function spawnChild(
  command: string,
  args: readonly string[],
  options: ChildOptions & { stdio: PipedOutput },
): ChildProcessByStdio<null, Readable, Readable>;
export function spawnChild(
  command: string,
  args: readonly string[],
  options: ChildOptions & { stdio: PipedAll },
): ChildProcessByStdio<Writable, Readable, Readable>;
export function spawnChild(
  command: string,
  args: readonly string[],
  { processGroup = false, ...options }: ChildOptions & { stdio: PipedOutput | PipedAll },
): ChildProcess {
  const launch = dyingWithParent({ command, args }, options.env ?? process.env, options.cwd ?? process.cwd());
  const child = spawn(launch.command, launch.args, { ...options, detached: processGroup });
  if (processGroup) followGroup(child);
  recordChild(child, { command, args, processGroup });
  return child;
}
