import type { TranscribedSegment } from '../contract.ts';
import type { TranscriptToken } from './sonioxAnswers.ts';

/** A silence this long between tokens starts a new segment even without punctuation. */
const pauseThatEndsSegmentMs = 1_500;

const sentenceEnd = /[.!?。！？]$/;
const markerTokens = new Set(['<end>', '<fin>']);

/**
 * Soniox returns sub-word tokens whose text carries its own leading spaces. They are joined as
 * they come and cut into segments at sentence ends, pauses, and changes of speaker or language.
 * Translated tokens (no times of their own) and audio-event tags are not part of the transcript.
 */
export function segmentsFromTokens(tokens: readonly TranscriptToken[]): TranscribedSegment[] {
  const segments: TranscribedSegment[] = [];
  let current: Required<TranscribedSegment> | undefined;
  const finish = () => {
    const text = current?.text.trim() ?? '';
    if (current !== undefined && text !== '') segments.push({ ...current, text });
    current = undefined;
  };
  for (const token of tokens) {
    if (!isSpoken(token)) continue;
    const startMs = Math.round(token.start_ms ?? 0);
    const endMs = Math.round(token.end_ms ?? startMs);
    const speaker = token.speaker ?? null;
    const language = token.language ?? null;
    if (
      current !== undefined &&
      (speaker !== current.speaker ||
        language !== current.language ||
        startMs - current.endMs >= pauseThatEndsSegmentMs)
    ) {
      finish();
    }
    if (current === undefined) {
      current = { text: '', startMs, endMs, speaker, language };
    }
    current.text += token.text;
    current.endMs = Math.max(current.endMs, endMs);
    if (sentenceEnd.test(token.text.trim())) finish();
  }
  finish();
  return segments;
}

function isSpoken(token: TranscriptToken): boolean {
  return (
    token.translation_status !== 'translation' &&
    token.is_audio_event !== true &&
    typeof token.start_ms === 'number' &&
    !markerTokens.has(token.text.trim())
  );
}
