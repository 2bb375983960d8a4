import { describe, expect, it } from 'vitest';
import {
  allPaths,
  describePath,
  formatCoverage,
  isFullyCovered,
} from '../../machines/analysis/modelPaths.ts';
import { analyzeEntry, machineCatalog } from '../../machines/catalog.ts';
import { replayPath } from './replayPath.ts';

/**
 * Every machine in the registry, with no test of its own needed: each generated path replays on a
 * real actor with a simulated clock, and every state and transition is covered.
 */
describe.each(machineCatalog)('$name', (entry) => {
  const { name } = entry;
  const machine = entry.pathMachine ?? entry.machine;
  const { paths, coverage } = analyzeEntry(entry);

  it('is fully covered by its generated paths', () => {
    expect(isFullyCovered(coverage), formatCoverage(name, coverage)).toBe(true);
  });

  for (const path of allPaths(paths)) {
    // The registry erases each machine's own types; describing a path needs only its shape.
    it(`replays ${describePath(path as Parameters<typeof describePath>[0])}`, () =>
      replayPath(machine, path));
  }
});
