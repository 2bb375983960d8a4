import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Between two status checks of a job. Gladia recommends no interval; once a second keeps a short
 * chunk's wait short and stays far below its rate limits. A fake on this machine answers at once,
 * so tests poll quickly (and a cancelled job's cleanup follows a released fake job promptly).
 */
const vendorIntervalMs = 1_000;
const loopbackIntervalMs = 20;

function statusCheckIntervalMs(baseUrl: string): number {
  const host = new URL(baseUrl).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]'
    ? loopbackIntervalMs
    : vendorIntervalMs;
}

/** Rejects as soon as `signal` aborts; never keeps the process alive on its own. */
export function waitBeforeNextCheck(baseUrl: string, signal: AbortSignal): Promise<void> {
  return sleep(statusCheckIntervalMs(baseUrl), undefined, { signal, ref: false });
}
