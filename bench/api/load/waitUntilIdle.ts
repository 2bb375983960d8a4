import { performance } from 'node:perf_hooks';

const quickAnswerMs = 10;
const quickAnswersNeeded = 2;
const patienceMs = 30_000;

/**
 * Waits until the service answers `/health` quickly again. When autocannon stops, requests it sent
 * last may still be queued in the service (a search holds the single event loop for up to a few
 * hundred milliseconds), and without this wait that backlog would be billed to the next scenario.
 */
export async function waitUntilIdle(baseUrl: string): Promise<void> {
  const deadline = performance.now() + patienceMs;
  let quickAnswers = 0;
  while (quickAnswers < quickAnswersNeeded) {
    if (performance.now() > deadline)
      throw new Error(`The service stayed busy for ${patienceMs} ms after a load run.`);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(patienceMs) });
    await response.arrayBuffer();
    quickAnswers = performance.now() - started < quickAnswerMs ? quickAnswers + 1 : 0;
  }
}
