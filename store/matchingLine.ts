import type { MatchingLine } from './records.ts';
import { foldedWord, type TypedWord } from './sessionWords.ts';
import { windowAround } from './textWindow.ts';

/** A line a word search may show: a line of the AI summary, or a transcript segment. */
export interface CandidateLine {
  text: string;
  source: MatchingLine['source'];
  seq: number | null;
  startMs: number | null;
  speaker: string | null;
}

const wordCharacter = /[\p{L}\p{N}\p{M}]/u;
// eslint-disable-next-line no-control-regex
const asciiOnly = /^[\x00-\x7f]*$/;

/**
 * The line of a session that holds most of the typed words, cut to about two lines around its
 * first match, with every matched word marked; null when no line holds any (the words were found
 * in the title). A segment's speaker counts as part of it, so "anna budget" prefers Anna's line
 * about the budget. Ties go to the earlier candidate: summary lines come first, then segments in
 * order of time.
 */
export function matchingLine(
  words: readonly TypedWord[],
  candidates: Iterable<CandidateLine>,
): MatchingLine | null {
  let best: { line: CandidateLine; score: number } | undefined;
  for (const line of candidates) {
    const folded = foldedWord(line.text);
    const speaker = line.speaker === null ? '' : foldedWord(line.speaker);
    const score = words.filter(
      (word) => firstMatch(folded, word) !== undefined || firstMatch(speaker, word) !== undefined,
    ).length;
    if (score > (best?.score ?? 0) && firstMatchedWord(line.text, words) !== undefined) {
      best = { line, score };
      if (score === words.length) break;
    }
  }
  return best === undefined ? null : marked(best.line, words);
}

/** True when `text` holds every one of `words` as the index would find them. */
export function holdsEveryWord(text: string, words: readonly TypedWord[]): boolean {
  const folded = foldedWord(text);
  return words.every((word) => firstMatch(folded, word) !== undefined);
}

function marked(line: CandidateLine, words: readonly TypedWord[]): MatchingLine {
  const marks = markedWords(line.text, words);
  const first = marks[0] ?? { start: 0, end: 0 };
  const window = windowAround(line.text, first.start, first.end);
  return {
    text: window.text,
    marks: marks
      .map((mark) => ({ start: window.positionOf(mark.start), end: window.positionOf(mark.end) }))
      .filter((mark) => mark.start >= 0 && mark.end <= window.text.length),
    source: line.source,
    seq: line.seq,
    startMs: line.startMs,
    speaker: line.speaker,
  };
}

function firstMatchedWord(text: string, words: readonly TypedWord[]): number | undefined {
  return markedWords(text, words)[0]?.start;
}

/**
 * Where each typed word occurs in `text` (UTF-16 offsets of the original, not the folded, text),
 * in order: a word of letters from its start to the end of the word it begins, a Chinese or
 * Japanese run exactly.
 */
function markedWords(text: string, words: readonly TypedWord[]): Array<{ start: number; end: number }> {
  const { folded, originalAt } = foldedWithOffsets(text);
  const marks: Array<{ start: number; end: number }> = [];
  for (const word of words) {
    let from = 0;
    for (let at = firstMatch(folded, word, from); at !== undefined; at = firstMatch(folded, word, from)) {
      const start = originalAt(at);
      let end = originalAt(at + word.text.length);
      if (!word.isCjk) while (end < text.length && wordCharacter.test(text[end] ?? '')) end++;
      marks.push({ start, end });
      from = at + word.text.length;
    }
  }
  marks.sort((left, right) => left.start - right.start || right.end - left.end);
  // A shorter word inside a longer one's mark ("a" in "anna") is not marked twice.
  return marks.filter((mark, index) => index === 0 || mark.start >= (marks[index - 1]?.end ?? 0));
}

/** Where `word` starts in `folded` at or after `from`: at the start of a word, or anywhere for CJK. */
function firstMatch(folded: string, word: TypedWord, from = 0): number | undefined {
  for (let at = folded.indexOf(word.text, from); at >= 0; at = folded.indexOf(word.text, at + 1)) {
    if (word.isCjk || at === 0 || !wordCharacter.test(folded[at - 1] ?? '')) return at;
  }
  return undefined;
}

/**
 * `text` folded character by character, with where each folded unit came from. ASCII text (most
 * of it) folds to its lower case, unit for unit, so it needs no table of where units came from.
 */
function foldedWithOffsets(text: string): { folded: string; originalAt: (foldedIndex: number) => number } {
  if (asciiOnly.test(text)) {
    return { folded: text.toLowerCase(), originalAt: (foldedIndex) => Math.min(foldedIndex, text.length) };
  }
  let folded = '';
  const originalStart: number[] = [];
  let index = 0;
  for (const character of text) {
    const part = foldedWord(character);
    folded += part;
    for (let unit = 0; unit < part.length; unit++) originalStart.push(index);
    index += character.length;
  }
  originalStart.push(text.length);
  return { folded, originalAt: (foldedIndex) => originalStart[foldedIndex] ?? text.length };
}
