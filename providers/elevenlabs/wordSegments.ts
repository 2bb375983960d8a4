import type { TranscribedSegment } from '../contract.ts';
import { sentenceSegments, type TimedPiece } from '../sentenceSegments.ts';

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
 * at sentence ends and long pauses. Audio events such as "(laughter)" are not speech; the spacing
 * before a word is kept with it.
 */
export function segmentsFromWords(words: readonly ScribeWord[]): TranscribedSegment[] {
  const pieces: TimedPiece[] = [];
  let spacing = '';
  for (const word of words) {
    if (word.type === 'audio_event' || typeof word.start !== 'number') continue;
    if (word.type === 'spacing') {
      spacing += word.text;
      continue;
    }
    pieces.push({
      text: spacing + word.text,
      startMs: Math.round(word.start * 1000),
      endMs: Math.round((word.end ?? word.start) * 1000),
    });
    spacing = '';
  }
  return sentenceSegments(pieces, { piecesCarrySpacing: true });
}
