import type { TimedWord } from '../providers/contract.ts';
import type { SegmentWord } from '../store/records.ts';

/**
 * A provider's words in the session's audio: each time goes through `place`, the function that
 * places their segment, so words and segment move together. Words without text or without a time
 * are left out rather than given a guessed one; a speaker and a confidence (0–1) are kept where the
 * provider gave them. Undefined when no word is left: a segment without word times has no `words`.
 */
export function placeWords(
  words: readonly TimedWord[] | undefined,
  place: (ms: number) => number,
): SegmentWord[] | undefined {
  const placed = (words ?? []).flatMap((word): SegmentWord[] => {
    const text = word.text.trim();
    if (text === '' || !Number.isFinite(word.startMs) || !Number.isFinite(word.endMs)) return [];
    const startMs = place(word.startMs);
    const placedWord: SegmentWord = { text, startMs, endMs: Math.max(startMs, place(word.endMs)) };
    if (typeof word.speaker === 'string') placedWord.speaker = word.speaker;
    // A score outside 0–1 is no probability: backups and the API promise one.
    if (typeof word.confidence === 'number' && word.confidence >= 0 && word.confidence <= 1) {
      placedWord.confidence = word.confidence;
    }
    return [placedWord];
  });
  return placed.length === 0 ? undefined : placed;
}
