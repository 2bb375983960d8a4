import type { TimedWord, TranscribedSegment } from './contract.ts';

/**
 * Gives each segment the words that fall in it, for answers that list words apart from the
 * segments (OpenAI-style): a word goes to the last segment starting at or before its middle (the
 * first segment for words before any), which also places words that fall in the gap between two.
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
