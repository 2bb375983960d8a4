import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/**
 * CPU time every process on the machine has used since boot (user, nice, system, irq, softirq and
 * steal from /proc/stat), in milliseconds. The difference over a run, less what the run's own
 * processes used, is the other work that competed with it for the cores.
 */
export function machineBusyMilliseconds(): number {
  const fields = /^cpu\s+(.+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]?.split(/\s+/).map(Number);
  if (fields === undefined) throw new Error('/proc/stat has no cpu line');
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return ((user + nice + system + irq + softirq + steal) * 1000) / clockTicksPerSecond;
}

/** This benchmark's own CPU time (it reads /proc every 20 ms while it waits), in milliseconds. */
export function benchmarkCpuMilliseconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Measures, over one run, how much of the machine other work took. */
export class OtherWorkMeter {
  private readonly busyAtStart = machineBusyMilliseconds();
  private readonly benchmarkAtStart = benchmarkCpuMilliseconds();

  /**
   * Cores' worth of CPU that processes other than the run's own (and this benchmark) used while it
   * lasted: 0 on a quiet machine, up to the number of cores on one that is fully busy elsewhere.
   */
  finish(runCpuMilliseconds: number, wallMilliseconds: number): number {
    const busy = machineBusyMilliseconds() - this.busyAtStart;
    const ours = runCpuMilliseconds + benchmarkCpuMilliseconds() - this.benchmarkAtStart;
    return Math.max(0, busy - ours) / wallMilliseconds;
  }
}

/** Other work below this many cores counts as a quiet machine. */
const quietCores = 0.2;
const quietWindowMs = 500;

/**
 * Waits, at most `limitMs`, for half a second in which other processes use less than a fifth of a
 * core, so a timed run at least starts on a quiet machine; resolves with the last window's load.
 */
export async function waitForQuietMachine(
  limitMs: number,
): Promise<{ quiet: boolean; waitedMs: number; cores: number }> {
  const startedAt = performance.now();
  for (;;) {
    const meter = new OtherWorkMeter();
    await sleep(quietWindowMs);
    const cores = meter.finish(0, quietWindowMs);
    const waitedMs = performance.now() - startedAt;
    const quiet = cores < quietCores;
    if (quiet || waitedMs >= limitMs) return { quiet, waitedMs, cores };
  }
}
