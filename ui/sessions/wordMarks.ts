import type { TextMark } from './MarkedText.tsx';
import { foldForFind } from './transcriptFind.ts';

const letterOrDigit = /[\p{L}\p{N}]/u;
/** Chinese and Japanese are written without spaces: their words are found anywhere in a run. */
const unspacedScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Where the words of a word search show in `text`, the way the service finds them: case and accents
 * do not count, and a typed word marks the whole word it begins ("refactor" marks "Refactoring",
 * "ecole" marks "École"). The list marks its rows' titles with this; the matching line comes marked
 * from the service.
 */
export function wordMarks(text: string, typed: string): TextMark[] {
  const { folded, originStart, originEnd } = foldForFind(text);
  const marks: TextMark[] = [];
  for (const word of typed.split(/[^\p{L}\p{N}]+/u)) {
    const needle = foldForFind(word).folded;
    if (needle === '') continue;
    const unspaced = unspacedScript.test(needle);
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + 1)) {
      if (!unspaced && at > 0 && letterOrDigit.test(folded[at - 1] ?? '')) continue;
      let end = at + needle.length;
      while (!unspaced && end < folded.length && letterOrDigit.test(folded[end] ?? '')) end++;
      marks.push({ start: originStart[at] ?? 0, end: originEnd[end - 1] ?? 0 });
    }
  }
  return merged(marks);
}

/** Marks in order, overlapping ones joined ("data" and "database" in one word mark it once). */
function merged(marks: TextMark[]): TextMark[] {
  const sorted = [...marks].sort((a, b) => a.start - b.start);
  const joined: TextMark[] = [];
  for (const mark of sorted) {
    const last = joined.at(-1);
    if (last !== undefined && mark.start <= last.end) last.end = Math.max(last.end, mark.end);
    else joined.push({ ...mark });
  }
  return joined;
}
