/**
 * The load of the "distinct queries" scenario, run as its own process by distinctQueries.ts: a
 * number of clients, each sending one search after another with a query no request before it in
 * the run has used (so no answer cache can help), and beside them one client reading the rest of
 * the API (list pages, a session, health) to see whether it stays responsive. Reads its options as
 * JSON from argv[2] and prints the result as JSON.
 */
import { Agent, get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { latencyFigures, type DistinctQueryOptions, type StreamResult } from './distinctQueryFigures.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as DistinctQueryOptions;

/**
 * One keep-alive connection per client, as fetch would hold, but through node:http: undici's fetch
 * cost about 0.7 ms of CPU per request here, a third of what the service spent, on the same two
 * cores, so the clients slowed the very searches they timed.
 */
const agent = new Agent({ keepAlive: true, maxSockets: options.connections + 1 });

function timedGet(path: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = get(options.baseUrl + path, { agent, headers: options.headers }, (response) => {
      response.on('data', () => undefined);
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode === 200) resolve(performance.now() - started);
        else reject(new Error(`${path} answered ${response.statusCode}`));
      });
    });
    request.on('error', reject);
  });
}

async function stream(
  paths: (index: number) => string,
  until: number,
): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  while (performance.now() < until) {
    try {
      latencies.push(await timedGet(paths(latencies.length + failures)));
    } catch {
      failures++;
    }
  }
  return { latencies, failures };
}

function result(runs: Array<{ latencies: number[]; failures: number }>, seconds: number): StreamResult {
  const latencies = runs.flatMap((run) => run.latencies);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / seconds,
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    latency: latencyFigures(latencies),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const until = started + options.durationSeconds * 1000;
  let next = 0;
  const query = () => options.queries[next++ % options.queries.length] ?? '';
  const searchPath = () => `/api/v1/sessions?${options.parameter}=${encodeURIComponent(query())}`;
  const restPaths = (index: number) =>
    [`/api/v1/sessions?limit=20&offset=${(index * 20) % 2_000}`, options.detailPath, '/api/v1/health'][
      index % 3
    ] ?? '';
  const [searches, rest] = await Promise.all([
    Promise.all(Array.from({ length: options.connections }, () => stream(searchPath, until))),
    stream(restPaths, until),
  ]);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      searches: result(searches, seconds),
      rest: result([rest], seconds),
      distinctQueries: Math.min(next, options.queries.length),
      sent: next,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
