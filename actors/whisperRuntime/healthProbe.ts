import { setTimeout as sleep } from 'node:timers/promises';

/** A single probe gets this long; a loading server does not listen yet, so it fails fast anyway. */
const probeTimeoutMs = 1_000;

/**
 * Polls `GET /health` until whisper-server answers 200 `{"status":"ok"}` while `isOurs()` still
 * holds (our child is alive), so a stale process or another program on the port cannot pass for
 * ours. Rejects when `signal` aborts; the caller's readiness timeout bounds the wait.
 */
export async function waitUntilHealthy(
  baseUrl: string,
  options: { isOurs: () => boolean; signal: AbortSignal; intervalMs: number },
): Promise<void> {
  const { signal } = options;
  for (;;) {
    signal.throwIfAborted();
    if (options.isOurs() && (await answersOk(`${baseUrl}/health`, signal)) && options.isOurs()) return;
    await sleep(options.intervalMs, undefined, { signal });
  }
}

async function answersOk(url: string, signal: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(probeTimeoutMs)]),
    });
    const body = (await response.json().catch(() => undefined)) as { status?: unknown } | undefined;
    return response.status === 200 && body?.status === 'ok';
  } catch {
    return false;
  }
}
