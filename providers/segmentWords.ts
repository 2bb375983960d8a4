import type { TimedWord, TranscribedSegment } from '../contract.ts';

/**
 * Gives each segment the words that fall in it. OpenAI-style answers list words apart from the
 * segments, so a word goes to the last segment starting at or before its middle (the first
 * segment for words before any), which also places words that fall in the gap between two.
 */
export function attachWords(segments: TranscribedSegment[], words: readonly TimedWord[]): void {
  for (const word of words) {
    const middleMs = (word.startMs + word.endMs) / 2;
    let owner = segments[0];
    for (const segment of segments) {
      if (segment.startMs <= middleMs) owner = segment;
      else break;
    }
    if (owner !== undefined) (owner.words ??= []).push(word);
  }
}
