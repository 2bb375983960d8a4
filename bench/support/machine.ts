import { readFileSync } from 'node:fs';
import { availableParallelism, release, totalmem, type } from 'node:os';
import { megabytes } from './units.ts';

export interface MachineDescription {
  cpuModel: string;
  cores: number;
  memoryBytes: number;
  nodeVersion: string;
  operatingSystem: string;
}

/** Figures mean little without the machine they came from. */
export function describeMachine(): MachineDescription {
  return {
    cpuModel: cpuModel(),
    cores: availableParallelism(),
    memoryBytes: totalmem(),
    // The service is started through bin/earshot, which prefers the same project-local Node.
    nodeVersion: process.version,
    operatingSystem: `${type()} ${release()}`,
  };
}

function cpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    return match?.[1]?.trim() ?? 'unknown CPU';
  } catch {
    return 'unknown CPU';
  }
}

/** One line for a report: "AMD EPYC, 2 cores, 25,276 MB memory, Linux 6.18, Node v22.23.3". */
export function machineSummary(machine: MachineDescription): string {
  return (
    `${machine.cpuModel}, ${machine.cores} cores, ${megabytes(machine.memoryBytes)} memory, ` +
    `${machine.operatingSystem}, Node ${machine.nodeVersion}`
  );
}
