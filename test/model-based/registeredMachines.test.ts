import { describe, expect, it } from 'vitest';
import { modelMachines } from './machines.ts';
import {
  allPaths,
  analyzeMachine,
  describePath,
  formatCoverage,
  isFullyCovered,
  replayPath,
} from './pathCoverage.ts';

/**
 * Every machine in the registry, with no test of its own needed: each generated path replays on a
 * real actor with a simulated clock, and every state and transition is covered.
 */
describe.each(modelMachines)('$name', ({ name, machine, traversal }) => {
  const { paths, coverage } = analyzeMachine(machine, traversal);

  it('is fully covered by its generated paths', () => {
    expect(isFullyCovered(coverage), formatCoverage(name, coverage)).toBe(true);
  });

  for (const path of allPaths(paths)) {
    // The registry erases each machine's own types; describing a path needs only its shape.
    it(`replays ${describePath(path as Parameters<typeof describePath>[0])}`, () =>
      replayPath(machine, path));
  }
});
