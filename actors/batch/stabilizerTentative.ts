import type { PassWord } from './stabilizerWords.ts';

/**
 * Which of the latest pass's uncommitted words the display shows as the tentative tail. A
 * recogniser revises mostly the last second or so of each window (the words there lack the audio
 * after them), and a shown word that a later pass changes is text the user sees taken back.
 *
 * - `all`: the whole uncommitted tail, as the pass has it.
 * - `settled`: the tail's first words up to the last one ending at least `marginMs` before the
 *   window's end (by the provider's timestamps, or estimated from its segment's span).
 * - `repeated`: the tail's first words up to the last one the previous pass also heard, in order
 *   (a longest common subsequence of comparison keys).
 */
export type TentativeDisplay = { kind: 'all' } | { kind: 'settled'; marginMs: number } | { kind: 'repeated' };

/** Measured with bench:stabilizer (bench/README.md): the one under the 5 % erasure target there. */
export const defaultTentativeDisplay: TentativeDisplay = { kind: 'settled', marginMs: 1_000 };

/** How many of the tail's first words to show. The tail is the latest pass's uncommitted words. */
export function shownTentativeWords(
  policy: TentativeDisplay,
  tail: readonly PassWord[],
  previousTail: readonly PassWord[] | undefined,
  windowEndMs: number,
): number {
  switch (policy.kind) {
    case 'all':
      return tail.length;
    case 'settled': {
      const lastSettled = tail.findLastIndex((word) => word.endMs <= windowEndMs - policy.marginMs);
      return lastSettled + 1;
    }
    case 'repeated':
      return previousTail === undefined ? 0 : lastInCommonSubsequence(tail, previousTail) + 1;
  }
}

/** The index in `tail` of the last word of a longest common subsequence with `other` (-1: none). */
function lastInCommonSubsequence(tail: readonly PassWord[], other: readonly PassWord[]): number {
  // lengths[i][j]: the longest common subsequence of tail[i..] and other[j..].
  const lengths = Array.from({ length: tail.length + 1 }, () => new Array<number>(other.length + 1).fill(0));
  for (let i = tail.length - 1; i >= 0; i--)
    for (let j = other.length - 1; j >= 0; j--) {
      const row = lengths[i] as number[];
      row[j] =
        tail[i]?.key === other[j]?.key
          ? (lengths[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(lengths[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  let last = -1;
  let i = 0;
  let j = 0;
  while (i < tail.length && j < other.length) {
    if (tail[i]?.key === other[j]?.key) {
      last = i;
      i++;
      j++;
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return last;
}
