/**
 * The words a correction changed, as the CLI (`earshot correct`) and the session page both mark
 * them: a pure function with no effects, so the page may import it too (docs/architecture.md).
 */

/** A stretch of a text: a run of changed words, or what lies between such runs. */
export interface TextRun {
  text: string;
  changed: boolean;
}

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
 * Both texts cut into runs, the words not common to them marked changed: removed ones in the
 * original, added ones in the revision; a longest common run of words stays unchanged.
 */
export function changedWords(original: string, revised: string): { original: TextRun[]; revised: TextRun[] } {
  const before = wordsOf(original);
  const after = wordsOf(revised);
  const [keptBefore, keptAfter] = commonWords(before, after);
  return {
    original: runsOf(original, before, keptBefore),
    revised: runsOf(revised, after, keptAfter),
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

/** The text as runs: each run of words not kept is changed, the spacing between runs unchanged. */
function runsOf(text: string, words: readonly Word[], kept: readonly boolean[]): TextRun[] {
  const runs: TextRun[] = [];
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
    if (start > position) runs.push({ text: text.slice(position, start), changed: false });
    runs.push({ text: text.slice(start, end), changed: true });
    position = end;
    index = last + 1;
  }
  if (position < text.length) runs.push({ text: text.slice(position), changed: false });
  return runs;
}
