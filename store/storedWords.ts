import type { Segment, SegmentWord } from './records.ts';

/**
 * A segment's words as the store keeps them (the `words` column, JSON): one array per word,
 * `[text, start after the segment's start, duration, confidence, speaker]`, the last two left out
 * when absent (a null keeps confidence's place before a speaker). An hour of speech (about 9,000
 * words) takes about 210 KB so; as objects with field names and absolute times, 3.8 times as much
 * (docs/store.md).
 *
 * A word's speaker is written only where it differs from its segment's: read back, a word takes its
 * segment's speaker unless it has its own. Confidence keeps three decimals.
 */
export type StoredWord =
  | [text: string, offsetMs: number, durationMs: number]
  | [text: string, offsetMs: number, durationMs: number, confidence: number]
  | [text: string, offsetMs: number, durationMs: number, confidence: number | null, speaker: string];

type PlacedSegment = Pick<Segment, 'startMs' | 'speaker'>;

/** Why `words` cannot be stored, or undefined when every word can. */
export function wordProblem(words: readonly SegmentWord[]): string | undefined {
  for (const word of words) {
    if (word.text.trim() === '') return 'A word needs non-empty text.';
    const { startMs, endMs } = word;
    if (!(Number.isFinite(startMs) && Number.isFinite(endMs) && startMs >= 0 && endMs >= startMs)) {
      return `A word needs 0 ≤ startMs ≤ endMs (got ${startMs}..${endMs} for "${word.text}").`;
    }
    if (word.confidence !== undefined && !(word.confidence >= 0 && word.confidence <= 1)) {
      return `A word's confidence must be a number from 0 to 1 (got ${word.confidence} for "${word.text}").`;
    }
  }
  return undefined;
}

/** The cell for `words` of `segment`; null for none, which a session without word times has. */
export function toStoredWords(
  words: readonly SegmentWord[] | undefined,
  segment: PlacedSegment,
): StoredWord[] | null {
  if (words === undefined || words.length === 0) return null;
  return words.map((word): StoredWord => {
    const startMs = Math.round(word.startMs);
    const stored: StoredWord = [
      word.text.trim(),
      startMs - segment.startMs,
      Math.max(0, Math.round(word.endMs) - startMs),
    ];
    const confidence = word.confidence === undefined ? null : Math.round(word.confidence * 1000) / 1000;
    const speaker = word.speaker === undefined || word.speaker === segment.speaker ? null : word.speaker;
    if (speaker !== null) return [...stored, confidence, speaker];
    return confidence === null ? stored : [...stored, confidence];
  });
}

/**
 * The words of a stored segment, from its `words` cell: JSON text as SQLite returns it, the array
 * as TinyBase holds it, or null. Undefined for a segment without words.
 */
export function fromStoredWords(cell: unknown, segment: PlacedSegment): SegmentWord[] | undefined {
  const stored = (typeof cell === 'string' ? JSON.parse(cell) : cell) as StoredWord[] | null | undefined;
  if (!Array.isArray(stored) || stored.length === 0) return undefined;
  return stored.map(([text, offsetMs, durationMs, confidence, speaker]) => {
    const startMs = segment.startMs + offsetMs;
    const word: SegmentWord = { text, startMs, endMs: startMs + durationMs };
    const wordSpeaker = speaker ?? segment.speaker;
    if (wordSpeaker !== null) word.speaker = wordSpeaker;
    if (typeof confidence === 'number') word.confidence = confidence;
    return word;
  });
}
