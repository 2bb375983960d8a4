import type { TranscribedSegment } from './contract.ts';

/**
 * One recognised word or sub-word token with its place in the audio, and its speaker and language
 * for vendors that tell them apart (a change starts a new segment).
 */
export type TimedPiece = TranscribedSegment;

export interface SentenceGrouping {
  /**
   * The pieces' text carries its own spacing (sub-word tokens with leading spaces, or words with
   * the spaces between them), so pieces are joined as they come. Otherwise they are words, joined
   * with a space except between words of scripts written without spaces.
   */
  piecesCarrySpacing?: boolean;
}

/** A pause this long ends a segment even without punctuation, so unpunctuated output still splits. */
const longestPauseMs = 1_500;
const sentenceEnd = /[.!?。！？…]["'”’)\]]*$/u;
const firstUnspaced = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}。，、！？]/u;
const lastUnspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}。，、！？]$/u;

/**
 * Groups words or tokens into sentence-sized segments (at sentence punctuation, a long pause, or a
 * change of speaker or language) for vendors that return words but no segments, so a long file
 * never becomes one segment. A segment has the speaker and language of its pieces when they name
 * them; blank segments are left out.
 */
export function sentenceSegments(
  pieces: readonly TimedPiece[],
  { piecesCarrySpacing = false }: SentenceGrouping = {},
): TranscribedSegment[] {
  const segments: TranscribedSegment[] = [];
  let current: { first: TimedPiece; text: string; endMs: number } | undefined;
  const close = () => {
    const text = current?.text.trim() ?? '';
    if (current !== undefined && text !== '') {
      const { first, endMs } = current;
      segments.push({
        text,
        startMs: first.startMs,
        endMs,
        ...(first.speaker !== undefined && { speaker: first.speaker }),
        ...(first.language !== undefined && { language: first.language }),
      });
    }
    current = undefined;
  };
  for (const piece of pieces) {
    const text = piecesCarrySpacing ? piece.text : piece.text.trim();
    if (text === '') continue;
    if (
      current !== undefined &&
      ((piece.speaker ?? null) !== (current.first.speaker ?? null) ||
        (piece.language ?? null) !== (current.first.language ?? null) ||
        piece.startMs - current.endMs >= longestPauseMs)
    ) {
      close();
    }
    current ??= { first: piece, text: '', endMs: piece.endMs };
    current.text = piecesCarrySpacing ? current.text + text : joinWords(current.text, text);
    current.endMs = Math.max(current.endMs, piece.endMs);
    if (sentenceEnd.test(text.trim())) close();
  }
  close();
  return segments;
}

/** Chinese, Japanese and Thai words are written without spaces between them. */
function joinWords(joined: string, word: string): string {
  return joined === '' || (lastUnspaced.test(joined) && firstUnspaced.test(word))
    ? joined + word
    : `${joined} ${word}`;
}
