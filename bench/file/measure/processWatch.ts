import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { readProcessMemory } from '../../support/processMemory.ts';
import { clockTicksPerSecond } from './machineLoad.ts';

/** What was seen of one process while it was watched. */
export interface WatchedProcess {
  pid: number;
  /** The kernel's name for it (`node`, `ffmpeg`, `whisper-server`). */
  name: string;
  /** The highest resident set size it reached (VmHWM), bytes. */
  peakResidentBytes: number;
  /** User and system CPU time it had used when last seen. */
  cpuMilliseconds: number;
  /** When it was first seen, on the `performance.now()` clock. */
  firstSeenAt: number;
}

/** How often /proc is read: short enough to see a 0.1 s ffprobe, cheap enough not to matter. */
const sampleIntervalMs = 20;

/**
 * Follows a process and every process it starts (ffmpeg, whisper-server) through Linux's /proc,
 * from outside, so the figures cover all they hold. VmHWM only grows, so the last sample before a
 * process ends carries its peak; what it might add in the last few milliseconds is not seen.
 */
export class ProcessWatch {
  private readonly rootPid: number;
  private readonly seen = new Map<number, WatchedProcess>();
  private readonly timer: NodeJS.Timeout;

  constructor(rootPid: number) {
    this.rootPid = rootPid;
    this.sample();
    this.timer = setInterval(() => this.sample(), sampleIntervalMs);
  }

  /** Stops sampling and returns the root process and its descendants, in the order they appeared. */
  stop(): { root: WatchedProcess | undefined; descendants: WatchedProcess[] } {
    clearInterval(this.timer);
    const all = [...this.seen.values()];
    return {
      root: this.seen.get(this.rootPid),
      descendants: all.filter((process) => process.pid !== this.rootPid),
    };
  }

  private sample(): void {
    const now = performance.now();
    for (const pid of [this.rootPid, ...descendantsOf(this.rootPid)]) {
      const reading = readProcess(pid);
      if (reading === undefined) continue;
      const known = this.seen.get(pid);
      if (known === undefined) {
        this.seen.set(pid, { pid, ...reading, firstSeenAt: now });
      } else {
        // The launcher execs Node under the same pid, so the name may change once.
        known.name = reading.name;
        known.peakResidentBytes = Math.max(known.peakResidentBytes, reading.peakResidentBytes);
        known.cpuMilliseconds = reading.cpuMilliseconds;
      }
    }
  }
}

function descendantsOf(pid: number): number[] {
  const children = childrenOf(pid);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** Children are listed per thread that forked them, so every thread is asked. */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
      readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8')
        .split(' ')
        .filter((field) => field.trim() !== '')
        .map(Number),
    );
  } catch {
    // The process (or a thread) ended between the listing and the read.
    return [];
  }
}

function readProcess(
  pid: number,
): { name: string; peakResidentBytes: number; cpuMilliseconds: number } | undefined {
  try {
    const name = /^Name:\s*(.+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]?.trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces; the numeric fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return {
      name: name ?? 'unknown',
      peakResidentBytes: readProcessMemory(pid).peakResidentBytes,
      cpuMilliseconds: (ticks * 1000) / clockTicksPerSecond,
    };
  } catch {
    // Gone, or a zombie with no memory lines left: its figures were taken while it ran.
    return undefined;
  }
}
