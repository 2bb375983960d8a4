/** What the distinct-queries load is told and what it reports (distinctQueryClients.ts). */
export interface DistinctQueryOptions {
  baseUrl: string;
  headers: Record<string, string>;
  /** The list's search parameter: the spec's `search` or the word search's `words`. */
  parameter: 'search' | 'words';
  queries: readonly string[];
  connections: number;
  durationSeconds: number;
  /** A session detail path, one of the requests of the rest of the API. */
  detailPath: string;
}

export interface LatencyFigures {
  p50: number;
  p99: number;
  max: number;
}

export interface StreamResult {
  requests: number;
  requestsPerSecond: number;
  failures: number;
  /** Milliseconds, measured by the client from sending to the last byte. */
  latency: LatencyFigures;
}

export interface DistinctQueryResult {
  searches: StreamResult;
  rest: StreamResult;
  /** Different queries sent; `sent` is all requests, more only if the list ran out and repeated. */
  distinctQueries: number;
  sent: number;
}

export function latencyFigures(latencies: readonly number[]): LatencyFigures {
  const sorted = [...latencies].sort((left, right) => left - right);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}
