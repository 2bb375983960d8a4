import type { TargetKind } from '../load/scenarios.ts';
import type { BenchmarkResults } from './benchmarkResults.ts';
import { duration, latency, median, megabytes } from '../../support/units.ts';

export interface TargetVerdict {
  target: string;
  measured: string;
  met: boolean;
}

/** The targets for 10,000 sessions. */
const latencyTargets: Record<TargetKind, { label: string; p99Milliseconds: number }> = {
  search: { label: 'Search p99 < 50 ms', p99Milliseconds: 50 },
  list: { label: 'List p99 < 10 ms', p99Milliseconds: 10 },
};
const startupTargetMs = 2_000;
const memoryTargetBytes = 1e9;

/**
 * Latency targets are judged at every concurrency measured: at one connection the p99 is the cost of
 * a request; at several it includes waiting behind the others on the service's single event loop.
 */
export function judgeTargets(results: BenchmarkResults): TargetVerdict[] {
  const verdicts: TargetVerdict[] = [];
  for (const kind of Object.keys(latencyTargets) as TargetKind[]) {
    const { label, p99Milliseconds } = latencyTargets[kind];
    for (const connections of results.connectionCounts) {
      const measured = results.scenarios.filter(
        (result) => result.scenario.target === kind && result.connections === connections,
      );
      if (measured.length === 0) continue;
      const worst = measured.reduce((slowest, result) =>
        result.load.latency.p99 > slowest.load.latency.p99 ? result : slowest,
      );
      const over = measured.filter((result) => result.load.latency.p99 >= p99Milliseconds).length;
      const worstFigure = `${latency(worst.load.latency.p99)} ms`;
      verdicts.push({
        target: `${label} (${connections} connection${connections === 1 ? '' : 's'})`,
        measured:
          measured.length === 1
            ? worstFigure
            : `${over} of ${measured.length} over; worst ${worst.scenario.name}, ${worstFigure}`,
        met: over === 0,
      });
    }
  }
  for (const { parameter, connections, result } of results.distinctQueries) {
    const { p99Milliseconds } = latencyTargets.search;
    verdicts.push({
      target: `${parameter}= p99 < ${p99Milliseconds} ms, ${connections} clients, distinct queries`,
      measured: `${latency(result.searches.latency.p99)} ms (rest of the API: ${latency(result.rest.latency.p99)} ms)`,
      met: result.searches.latency.p99 < p99Milliseconds && result.rest.latency.p99 < p99Milliseconds,
    });
  }
  const startup = median(results.startupMilliseconds);
  verdicts.push({
    target: 'Start-up < 2 s',
    measured: `median ${duration(startup)}`,
    met: startup < startupTargetMs,
  });
  const peak = Math.max(
    results.memoryAfterStartup.peakResidentBytes,
    results.memoryAfterLoad.peakResidentBytes,
  );
  verdicts.push({
    target: 'Resident memory < 1 GB',
    measured: `peak ${megabytes(peak)}`,
    met: peak < memoryTargetBytes,
  });
  return verdicts;
}
