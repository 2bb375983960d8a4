import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const headerArguments = Object.entries(options.headers).flatMap(([name, value]) => [
    '-H',
    `${name}=${value}`,
  ]);
  const child = spawn(
    process.execPath,
    [
      autocannonScript,
      ...['--connections', String(options.connections)],
      ...['--duration', String(options.durationSeconds)],
      ...headerArguments,
      '--json',
      '--no-progress',
      options.url,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let errorOutput = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errorOutput += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.durationSeconds * 1000 + graceMs);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`autocannon ended with ${signal ?? `code ${code}`}: ${errorOutput.trim()}`));
        return;
      }
      try {
        resolve(toLoadResult(JSON.parse(output) as AutocannonJson));
      } catch (error) {
        reject(new Error(`autocannon printed no result: ${(error as Error).message}\n${errorOutput.trim()}`));
      }
    });
  });
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
