import { setTimeout as sleep } from 'node:timers/promises';
import { cancelledJob } from './remoteCreation.ts';

/**
 * A fake or gateway on this machine answers at once, so it is checked quickly: tests stay fast,
 * and a cancelled job's cleanup follows a released fake job promptly.
 */
const loopbackIntervalMs = 20;
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface StatusChecks {
  /** Names the vendor in the cancel's message. */
  vendor: string;
  /** The REST base the job lives under. */
  baseUrl: string;
  /** Between two checks at the vendor itself: its recommendation, or a pace far below its rate limits. */
  vendorIntervalMs: number;
}

/**
 * The pause between two status checks of a remote job. Rejects as a 'cancelled' ProviderError as
 * soon as `signal` aborts. A background wait (cleanup after the caller has been answered) never
 * keeps the process alive on its own; a job someone is waiting for does.
 */
export async function waitBeforeNextCheck(
  checks: StatusChecks,
  signal: AbortSignal,
  { inBackground = false } = {},
): Promise<void> {
  const intervalMs = loopbackHosts.has(new URL(checks.baseUrl).hostname)
    ? loopbackIntervalMs
    : checks.vendorIntervalMs;
  await sleep(intervalMs, undefined, { signal, ref: !inBackground }).catch(() => {
    throw cancelledJob(checks.vendor);
  });
}
