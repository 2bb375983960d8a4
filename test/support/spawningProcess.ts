import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { hasEnded, readProcessStat } from '../../actors/childProcesses/linuxProcesses.ts';

const script = fileURLToPath(new URL('./spawnAndIdle.ts', import.meta.url));

/** A Node process of its own that has started one child: `spawnAndIdle.ts`. */
export interface SpawningProcess {
  process: ChildProcess;
  childPid: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startSpawningProcess(
  how: 'spawnChild' | 'recorded',
  grouping: 'single' | 'group',
  command: readonly string[],
  environment: NodeJS.ProcessEnv,
  signalHandling: 'default' | 'exit-on-sigterm' = 'default',
): Promise<SpawningProcess> {
  const spawner = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', script, how, grouping, signalHandling, ...command],
    { env: environment, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(spawner, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const lines = createInterface({ input: spawner.stdout });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    exited.then((exit) => Promise.reject(new Error(`spawnAndIdle.ts ended first: ${JSON.stringify(exit)}`))),
  ])) as [string];
  const { pid } = JSON.parse(line) as { pid: number };
  return { process: spawner, childPid: pid, exited };
}

/** Whether `pid` has ended within `timeoutMs` (a zombie has: only its exit status is left). */
export async function endsWithin(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stat = readProcessStat(pid);
    if (stat === undefined || hasEnded(stat)) return true;
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
}
