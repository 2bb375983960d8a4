import type { TranscribedSegment } from '../contract.ts';

/** A silence this long between words starts a new segment even without punctuation. */
const pauseThatEndsSegmentMs = 1_500;
const sentenceEnd = /[.!?。！？]$/;

export interface ScribeWord {
  text: string;
  /** Seconds. */
  start?: number | null;
  end?: number | null;
  /** `word`, `spacing` or `audio_event`. */
  type: string;
}

/**
 * Scribe's word list (words with the spacing between them, times in seconds) cut into segments
 * at sentence ends and long pauses. Audio events such as "(laughter)" are not speech.
 */
export function segmentsFromWords(words: readonly ScribeWord[]): TranscribedSegment[] {
  const segments: TranscribedSegment[] = [];
  let current: TranscribedSegment | undefined;
  const finish = () => {
    const text = current?.text.trim() ?? '';
    if (current !== undefined && text !== '') segments.push({ ...current, text });
    current = undefined;
  };
  for (const word of words) {
    if (word.type === 'audio_event' || typeof word.start !== 'number') continue;
    const startMs = Math.round(word.start * 1000);
    const endMs = Math.round((word.end ?? word.start) * 1000);
    if (word.type === 'spacing') {
      if (current !== undefined) current.text += word.text;
      continue;
    }
    if (current !== undefined && startMs - current.endMs >= pauseThatEndsSegmentMs) finish();
    current ??= { text: '', startMs, endMs };
    current.text += word.text;
    current.endMs = Math.max(current.endMs, endMs);
    if (sentenceEnd.test(word.text.trim())) finish();
  }
  finish();
  return segments;
}
