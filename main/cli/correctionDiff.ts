import { clockTime } from './clockTime.ts';

/** A segment of a proposed correction: its original text beside the corrected one. */
export interface CorrectedSegment {
  startMs: number;
  original: string;
  revised: string;
}

/** Where a removed run of words begins and ends in the original, and an added run in the correction (as `git diff --word-diff`). */
export const removedMarks = { open: '[-', close: '-]' };
export const addedMarks = { open: '{+', close: '+}' };

/**
 * A word, or one Chinese or Japanese character (written without spaces, so a character is the
 * smallest change worth marking).
 */
const wordPattern =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

interface Word {
  text: string;
  start: number;
  end: number;
}

/**
 * One `[m:ss] old → new` line per segment the correction changed, the changed words marked in
 * both: removed `[-…-]` in the old text, added `{+…+}` in the new. Unchanged segments are left out.
 */
export function correctionDiffLines(segments: readonly CorrectedSegment[]): string[] {
  return segments
    .filter((segment) => segment.revised !== segment.original)
    .map((segment) => {
      const { original, revised } = markedChange(segment.original, segment.revised);
      return `[${clockTime(segment.startMs)}] ${original} → ${revised}`;
    });
}

/** Both texts with the words not common to them marked, the longest common run of words kept unmarked. */
export function markedChange(original: string, revised: string): { original: string; revised: string } {
  const before = wordsOf(original);
  const after = wordsOf(revised);
  const [keptBefore, keptAfter] = commonWords(before, after);
  return {
    original: marked(original, before, keptBefore, removedMarks),
    revised: marked(revised, after, keptAfter, addedMarks),
  };
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(wordPattern)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** Which words of each side belong to a longest common subsequence of the two. */
function commonWords(before: readonly Word[], after: readonly Word[]): [boolean[], boolean[]] {
  // lengths[i][j]: the longest common subsequence of before[i…] and after[j…].
  const lengths = Array.from({ length: before.length + 1 }, () =>
    new Array<number>(after.length + 1).fill(0),
  );
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      lengths[i]![j] =
        before[i]!.text === after[j]!.text
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const keptBefore = before.map(() => false);
  const keptAfter = after.map(() => false);
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length) {
    if (before[i]!.text === after[j]!.text) {
      keptBefore[i++] = true;
      keptAfter[j++] = true;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return [keptBefore, keptAfter];
}

/** The text with each run of words not kept wrapped in the marks, the spacing between them as it was. */
function marked(
  text: string,
  words: readonly Word[],
  kept: readonly boolean[],
  marks: { open: string; close: string },
): string {
  let result = '';
  let position = 0;
  let index = 0;
  while (index < words.length) {
    if (kept[index] === true) {
      index++;
      continue;
    }
    let last = index;
    while (last + 1 < words.length && kept[last + 1] !== true) last++;
    const start = words[index]!.start;
    const end = words[last]!.end;
    result += `${text.slice(position, start)}${marks.open}${text.slice(start, end)}${marks.close}`;
    position = end;
    index = last + 1;
  }
  return result + text.slice(position);
}
