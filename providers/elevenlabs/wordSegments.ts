import type { TimedWord, TranscribedSegment } from '../contract.ts';
import { sentenceSegments, type TimedPiece } from '../sentenceSegments.ts';

export interface ScribeWord {
  text?: string | null;
  /** Seconds. */
  start?: number | null;
  end?: number | null;
  /** `word`, `spacing` or `audio_event`. */
  type?: string | null;
  /** `speaker_0`, `speaker_1`…, with diarization. */
  speaker_id?: string | null;
  /** The log of the word's probability (0 is certain). */
  logprob?: number | null;
}

/**
 * A spoken word of Scribe's list as a timed word (times in ms, its probability as confidence),
 * with its speaker when `speakers` is asked for; undefined for spacing, audio events such as
 * "(laughter)", which are not speech, and entries without a start time.
 */
export function spokenWord(word: ScribeWord, speakers: boolean): TimedWord | undefined {
  const text = word.text?.trim() ?? '';
  if (
    word.type === 'spacing' ||
    word.type === 'audio_event' ||
    typeof word.start !== 'number' ||
    text === ''
  ) {
    return undefined;
  }
  const startMs = Math.round(word.start * 1000);
  return {
    text,
    startMs,
    endMs: Math.max(startMs, Math.round((word.end ?? word.start) * 1000)),
    ...(speakers && typeof word.speaker_id === 'string' && { speaker: word.speaker_id }),
    ...(typeof word.logprob === 'number' && { confidence: Math.exp(word.logprob) }),
  };
}

/**
 * Scribe's word list (words with the spacing between them, times in seconds) cut into segments
 * at sentence ends, long pauses and, with `speakers`, a change of speaker, each segment with its
 * words. The spacing before a word is kept with it.
 */
export function segmentsFromWords(words: readonly ScribeWord[], speakers: boolean): TranscribedSegment[] {
  const pieces: TimedPiece[] = [];
  let spacing = '';
  for (const word of words) {
    if (word.type === 'spacing') {
      spacing += word.text ?? '';
      continue;
    }
    const timed = spokenWord(word, speakers);
    if (timed === undefined) continue;
    pieces.push({ ...timed, text: spacing + (word.text ?? '') });
    spacing = '';
  }
  return sentenceSegments(pieces, { piecesCarrySpacing: true, keepWords: true });
}
