/**
 * Deterministic randomness: the same seed gives the same speech and the same recogniser answers
 * on every machine, so two runs of the benchmark differ only where the stabilizer does.
 */

/** A 32-bit hash of whole numbers (FNV-1a over their 32-bit halves, then a final mix). */
export function hashNumbers(...values: readonly number[]): number {
  let hash = 0x811c9dc5;
  for (const value of values) {
    const whole = Math.trunc(value);
    for (const part of [whole >>> 0, Math.floor(whole / 2 ** 32) >>> 0]) {
      hash ^= part;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** A number in [0, 1) fixed by the values. */
export function unitFromNumbers(...values: readonly number[]): number {
  return hashNumbers(...values) / 2 ** 32;
}

/** A stream of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}
