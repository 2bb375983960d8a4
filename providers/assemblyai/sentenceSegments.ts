import type { TranscribedSegment } from '../contract.ts';

/** One recognised word with its place in the audio, as word-level vendors return them. */
export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
  speaker?: string | null;
}

/** A pause this long ends a segment even without punctuation, so unpunctuated output still splits. */
const longestPauseMs = 1_500;
const sentenceEnd = /[.!?。！？…]["'”’)\]]*$/u;
const firstUnspaced = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}。，、！？]/u;
const lastUnspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}。，、！？]$/u;

/**
 * Groups words into sentence-sized segments (at sentence punctuation, a speaker change or a long
 * pause) for vendors that return words but no segments, so a long file never becomes one segment.
 */
export function sentenceSegments(
  words: readonly TimedWord[],
  language?: string | null,
): TranscribedSegment[] {
  const segments: TranscribedSegment[] = [];
  let current: TimedWord[] = [];
  const close = () => {
    const first = current[0];
    const last = current.at(-1);
    if (first !== undefined && last !== undefined) {
      segments.push({
        text: joinWords(current.map((word) => word.text)),
        startMs: first.startMs,
        endMs: last.endMs,
        speaker: first.speaker ?? null,
        language: language ?? null,
      });
    }
    current = [];
  };
  for (const word of words) {
    const text = word.text.trim();
    if (text === '') continue;
    const previous = current.at(-1);
    if (
      previous !== undefined &&
      ((word.speaker ?? null) !== (previous.speaker ?? null) ||
        word.startMs - previous.endMs >= longestPauseMs)
    ) {
      close();
    }
    current.push({ ...word, text });
    if (sentenceEnd.test(text)) close();
  }
  close();
  return segments;
}

/** Chinese, Japanese and Thai words are written without spaces between them. */
function joinWords(texts: readonly string[]): string {
  let joined = '';
  for (const text of texts) {
    joined += joined === '' || (lastUnspaced.test(joined) && firstUnspaced.test(text)) ? text : ` ${text}`;
  }
  return joined;
}
