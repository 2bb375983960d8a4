import type { MachineDescription } from '../../support/machine.ts';
import type { RunResult } from '../measure/liveRun.ts';

/** Both routes at one number of concurrent sessions. */
export interface RoutePair {
  sessions: number;
  /** 2 for the one re-run a step gets when its first run was over the limit. */
  attempt: number;
  direct: RunResult;
  proxy: RunResult;
}

export interface LiveBenchmarkResults {
  date: Date;
  machine: MachineDescription;
  loadAverage: { before: number; after: number };
  service: { startupMilliseconds: number; residentBytesAfterStartup: number; peakResidentBytes: number };
  warmUpSeconds: number;
  /** One session per route, `seconds` of audio each. */
  single: RoutePair;
  seconds: number;
  /** The concurrency steps that ran, in order, re-runs included. */
  steps: RoutePair[];
  stepSeconds: number;
  stepsPlanned: number[];
  limitMs: number;
  totalMilliseconds: number;
}

/** Proxy percentile minus direct percentile at the same number of sessions. */
export function addedLatency(pair: RoutePair): { p50: number; p99: number; mean: number; max: number } {
  return {
    p50: pair.proxy.latency.p50 - pair.direct.latency.p50,
    p99: pair.proxy.latency.p99 - pair.direct.latency.p99,
    mean: pair.proxy.latency.mean - pair.direct.latency.mean,
    max: pair.proxy.latency.max - pair.direct.latency.max,
  };
}

/** A step holds when the added p99 is under the limit and no frame or session was lost on either route. */
export function stepHeld(pair: RoutePair, limitMs: number): boolean {
  const clean = (run: RunResult) => run.failures === 0 && run.framesReceived === run.framesSent;
  return addedLatency(pair).p99 < limitMs && clean(pair.direct) && clean(pair.proxy);
}

/**
 * The largest session count that held (on its first run or its re-run) below the first count
 * whose run and re-run both failed, and that count; undefined where there is none.
 */
export function concurrencyLimit(
  steps: readonly RoutePair[],
  limitMs: number,
): { largestHeld: RoutePair | undefined; firstOver: RoutePair | undefined } {
  let largestHeld: RoutePair | undefined;
  for (const pair of steps) {
    if (stepHeld(pair, limitMs)) largestHeld = pair;
    else if (pair.attempt > 1) return { largestHeld, firstOver: pair };
  }
  return { largestHeld, firstOver: undefined };
}
