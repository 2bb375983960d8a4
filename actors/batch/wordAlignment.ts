import type { PassWord } from './stabilizerWords.ts';

/** Words committed before the window's estimated start that may still be in it (estimates are rough). */
const uncertainWordsBeforeWindow = 2;

/**
 * How many of a pass's first words re-transcribe text already committed, when times cannot tell
 * (the provider gave no word timestamps). The committed words the window is estimated to cover
 * are aligned against the start of the pass by edit distance over comparison keys; the pass is
 * cut where the committed text ends in the cheapest alignment.
 *
 * Only the committed words the window covers take part, so a pass over fresh audio that begins
 * like the committed text ends ("yes yes" then "yes, okay") keeps its words: a bare overlap of
 * the committed tail with the pass's head would drop them. Skipping a covered committed word
 * costs one, like any other edit; the few words just before the estimated window start may be
 * skipped for nothing. Ties go to the cut nearest in time to the end of the committed text, then
 * to the shorter cut, so a doubtful word is kept rather than lost.
 */
export function committedOverlap(
  committed: readonly PassWord[],
  windowStartMs: number,
  pass: readonly PassWord[],
): number {
  const coveredFrom = committed.findIndex((word) => word.endMs > windowStartMs);
  if (coveredFrom === -1) return 0;
  const tailFrom = Math.max(0, coveredFrom - uncertainWordsBeforeWindow);
  const tail = committed.slice(tailFrom);
  const freeSkips = coveredFrom - tailFrom;
  const committedEndMs = committed.at(-1)?.endMs ?? windowStartMs;

  // previousRow[j]: the cheapest alignment of the tail's first i words with the pass's first j words.
  let previousRow = Array.from({ length: pass.length + 1 }, (_value, j) => j);
  for (let i = 1; i <= tail.length; i++) {
    const row = Array.from({ length: pass.length + 1 }, () => 0);
    row[0] = (previousRow[0] ?? 0) + (i <= freeSkips ? 0 : 1);
    const key = tail[i - 1]?.key;
    for (let j = 1; j <= pass.length; j++) {
      const substitution = (previousRow[j - 1] ?? 0) + (pass[j - 1]?.key === key ? 0 : 1);
      row[j] = Math.min(substitution, (previousRow[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1);
    }
    previousRow = row;
  }

  let best = 0;
  const distanceFromCommittedEnd = (cut: number) =>
    Math.abs((cut === 0 ? windowStartMs : (pass[cut - 1]?.endMs ?? windowStartMs)) - committedEndMs);
  for (let cut = 1; cut <= pass.length; cut++) {
    const cost = previousRow[cut] ?? 0;
    const bestCost = previousRow[best] ?? 0;
    if (
      cost < bestCost ||
      (cost === bestCost && distanceFromCommittedEnd(cut) < distanceFromCommittedEnd(best))
    )
      best = cut;
  }
  return best;
}
