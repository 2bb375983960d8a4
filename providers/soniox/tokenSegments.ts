import type { TranscribedSegment } from '../contract.ts';
import { sentenceSegments } from '../sentenceSegments.ts';
import type { TranscriptToken } from './sonioxAnswers.ts';

const markerTokens = new Set(['<end>', '<fin>']);

/**
 * Soniox returns sub-word tokens whose text carries its own leading spaces. They are joined as
 * they come and cut into segments at sentence ends, pauses, and changes of speaker or language;
 * each segment keeps its words (the tokens from one leading space to the next, timed from the
 * first to the last, as sure as the least sure). Translated tokens (no times of their own) and
 * audio-event tags are not part of the transcript.
 */
export function segmentsFromTokens(tokens: readonly TranscriptToken[]): TranscribedSegment[] {
  const pieces = tokens.filter(isSpoken).map((token) => {
    const startMs = Math.round(token.start_ms ?? 0);
    return {
      text: token.text,
      startMs,
      endMs: Math.round(token.end_ms ?? startMs),
      speaker: token.speaker ?? null,
      language: token.language ?? null,
      confidence: token.confidence,
    };
  });
  return sentenceSegments(pieces, { piecesCarrySpacing: true, keepWords: true });
}

function isSpoken(token: TranscriptToken): boolean {
  return (
    token.translation_status !== 'translation' &&
    token.is_audio_event !== true &&
    typeof token.start_ms === 'number' &&
    !markerTokens.has(token.text.trim())
  );
}
