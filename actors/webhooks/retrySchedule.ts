/** How long to wait after each failed attempt: 30 s, 2 min, 10 min, 1 h, 6 h; then give up. */
export const retryDelaysMs = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;

/**
 * The wait before the next attempt after `attempts` have failed, with up to 20% either way so that
 * many deliveries failed together do not all come back at the same moment; at least what the
 * receiver asked for (`retryAfterMs`, its Retry-After) up to the longest wait; undefined once every
 * retry is spent. `random` is in [0, 1).
 */
export function retryDelayMs(attempts: number, random: () => number, retryAfterMs = 0): number | undefined {
  const delay = retryDelaysMs[attempts - 1];
  if (delay === undefined) return undefined;
  const longest = retryDelaysMs[retryDelaysMs.length - 1]!;
  return Math.max(Math.round(delay * (0.8 + 0.4 * random())), Math.min(retryAfterMs, longest));
}
