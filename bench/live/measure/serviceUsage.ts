import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { clockTicksPerSecond } from '../../file/measure/machineLoad.ts';
import { readProcessMemory } from '../../support/processMemory.ts';

/** What the service process used while the sessions streamed. */
export interface ServiceUsage {
  /** CPU time (user + system) over the wall time, in % of one core. */
  cpuPercent: number;
  cpuMilliseconds: number;
  /** The highest VmRSS seen while sampling, bytes. */
  peakResidentBytes: number;
}

const sampleIntervalMs = 500;

/** User + system CPU time a process has used, from /proc/PID/stat. */
export function processCpuMilliseconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The name in parentheses may hold spaces; the numeric fields follow the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
}

/** Follows the service from outside (/proc) over one window: its CPU time and its resident memory. */
export class ServiceWatch {
  private readonly pid: number;
  private readonly cpuAtStart: number;
  private readonly startedAt = performance.now();
  private readonly timer: NodeJS.Timeout;
  private peakResidentBytes: number;

  constructor(pid: number) {
    this.pid = pid;
    this.cpuAtStart = processCpuMilliseconds(pid);
    this.peakResidentBytes = readProcessMemory(pid).residentBytes;
    this.timer = setInterval(() => this.sample(), sampleIntervalMs);
  }

  finish(): ServiceUsage {
    clearInterval(this.timer);
    this.sample();
    const cpuMilliseconds = processCpuMilliseconds(this.pid) - this.cpuAtStart;
    const wallMilliseconds = performance.now() - this.startedAt;
    return {
      cpuPercent: (cpuMilliseconds / wallMilliseconds) * 100,
      cpuMilliseconds,
      peakResidentBytes: this.peakResidentBytes,
    };
  }

  private sample(): void {
    this.peakResidentBytes = Math.max(this.peakResidentBytes, readProcessMemory(this.pid).residentBytes);
  }
}
