import { fileURLToPath } from 'node:url';
import { runJsonProcess } from '../../support/jsonProcess.ts';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  totalRequests: number;
  /** Milliseconds; autocannon records whole milliseconds, so 0 means under 1 ms. */
  latency: { p50: number; p99: number; max: number; mean: number };
  /** Non-2xx answers, socket errors and timeouts: any of them makes the figures suspect. */
  failures: number;
}

/** The fields of autocannon's `--json` result that the report uses. */
interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const autocannonScript = fileURLToPath(
  new URL('../../../node_modules/autocannon/autocannon.js', import.meta.url),
);
/** How long past its duration autocannon may take to wind down before it is killed. */
const graceMs = 30_000;

/**
 * Runs autocannon in its own process: generating load is CPU work, and doing it on this process's
 * event loop would slow the measurement itself. Each run is bounded by `--duration`, and killed if
 * it overstays.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const headerArguments = Object.entries(options.headers).flatMap(([name, value]) => [
    '-H',
    `${name}=${value}`,
  ]);
  const result = await runJsonProcess(
    'autocannon',
    [
      autocannonScript,
      ...['--connections', String(options.connections)],
      ...['--duration', String(options.durationSeconds)],
      ...headerArguments,
      '--json',
      '--no-progress',
      options.url,
    ],
    options.durationSeconds * 1000 + graceMs,
  );
  return toLoadResult(result as AutocannonJson);
}

function toLoadResult(result: AutocannonJson): LoadResult {
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latency: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.average,
    },
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
