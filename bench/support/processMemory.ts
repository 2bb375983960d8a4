import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  /** Resident set size now (VmRSS), bytes. */
  residentBytes: number;
  /** The highest resident set size so far (VmHWM, "high water mark"), bytes. */
  peakResidentBytes: number;
}

/**
 * Reads another process's memory from Linux's /proc. The service is measured from outside, so the
 * figure includes everything it holds (V8 heap, SQLite's page cache, native buffers), not just
 * what process.memoryUsage() would report from inside.
 */
export function readProcessMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    residentBytes: kilobytesField(status, 'VmRSS'),
    peakResidentBytes: kilobytesField(status, 'VmHWM'),
  };
}

function kilobytesField(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (match?.[1] === undefined) throw new Error(`/proc status has no ${name} line`);
  return Number(match[1]) * 1024;
}
