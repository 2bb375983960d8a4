import { describeMachine, describePaths } from './describeMachine.ts';
import type { MachineDrawing, MachinePathsDescription } from './machineDescription.ts';
import { analyzeEntry, machineCatalog } from '../catalog.ts';
import { layOutMachine } from './machineLayout.ts';

// Both are derived from the definitions alone, so each is worked out once per process, when first asked for.
let drawings: Promise<MachineDrawing[]> | undefined;
const pathsByMachine = new Map<string, MachinePathsDescription>();

/** Every machine of the catalog, described and laid out for drawing. */
export function machineDrawings(): Promise<MachineDrawing[]> {
  drawings ??= Promise.all(
    machineCatalog.map(async (entry) => {
      const description = describeMachine(entry.machine, entry.summary);
      return { description, layout: await layOutMachine(description) };
    }),
  ).catch((error: unknown) => {
    // A failure is not kept: the next request tries again.
    drawings = undefined;
    throw error;
  });
  return drawings;
}

/** A machine's generated test paths, or undefined when the catalog has no machine of that name. */
export function machinePaths(name: string): MachinePathsDescription | undefined {
  const entry = machineCatalog.find((candidate) => candidate.name === name);
  if (entry === undefined) return undefined;
  let paths = pathsByMachine.get(name);
  if (paths === undefined) {
    paths = describePaths(entry.pathMachine ?? entry.machine, analyzeEntry(entry));
    pathsByMachine.set(name, paths);
  }
  return paths;
}
