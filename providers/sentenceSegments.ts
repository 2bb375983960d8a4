import type { TimedWord, TranscribedSegment } from './contract.ts';

/**
 * One recognised word or sub-word token with its place in the audio, and its speaker and language
 * for vendors that tell them apart (a change starts a new segment).
 */
export interface TimedPiece extends TranscribedSegment {
  /** 0–1, where the vendor gives one. */
  confidence?: number | null;
  /**
   * Its times were placed between known ones (placeUntimed), not given by the vendor: it counts in
   * the segment's text and span, but a word made of it is not passed off as a timed word.
   */
  placed?: boolean;
}

export interface SentenceGrouping {
  /**
   * The pieces' text carries its own spacing (sub-word tokens with leading spaces, or words with
   * the spaces between them), so pieces are joined as they come. Otherwise they are words, joined
   * with a space except between words of scripts written without spaces.
   */
  piecesCarrySpacing?: boolean;
  /**
   * The pieces are the vendor's timed words (or sub-word tokens): each segment carries them as its
   * `words`. Tokens that carry their spacing make one word from a piece that starts with a space
   * up to the next such piece (each piece of a script written without spaces is a word).
   */
  keepWords?: boolean;
}

/** A pause this long ends a segment even without punctuation, so unpunctuated output still splits. */
const longestPauseMs = 1_500;
const sentenceEnd = /[.!?。！？…]["'”’)\]]*$/u;
const firstUnspaced = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}。，、！？]/u;
const lastUnspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}。，、！？]$/u;

interface SegmentInProgress {
  first: TimedPiece;
  text: string;
  endMs: number;
  words: Array<TimedWord & { placed: boolean }>;
}

/**
 * Groups words or tokens into sentence-sized segments (at sentence punctuation, a long pause, or a
 * change of speaker or language) for vendors that return words but no segments, so a long file
 * never becomes one segment. A segment has the speaker and language of its pieces when they name
 * them, and its words when asked to keep them; blank segments are left out.
 */
export function sentenceSegments(
  pieces: readonly TimedPiece[],
  { piecesCarrySpacing = false, keepWords = false }: SentenceGrouping = {},
): TranscribedSegment[] {
  const segments: TranscribedSegment[] = [];
  let current: SegmentInProgress | undefined;
  const close = () => {
    const text = current?.text.trim() ?? '';
    if (current !== undefined && text !== '') {
      const { first, endMs } = current;
      const words = current.words.filter((word) => !word.placed).map(({ placed: _placed, ...word }) => word);
      segments.push({
        text,
        startMs: first.startMs,
        endMs,
        ...(first.speaker !== undefined && { speaker: first.speaker }),
        ...(first.language !== undefined && { language: first.language }),
        ...(keepWords && { words }),
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
    current ??= { first: piece, text: '', endMs: piece.endMs, words: [] };
    // A blank token only spaces words apart.
    if (keepWords && text.trim() !== '') {
      addToWords(current, piece, piecesCarrySpacing && !startsWord(current.text, text));
    }
    current.text = piecesCarrySpacing ? current.text + text : joinWords(current.text, text);
    current.endMs = Math.max(current.endMs, piece.endMs);
    if (sentenceEnd.test(text.trim())) close();
  }
  close();
  return segments;
}

/** Whether a token that carries its own spacing begins a word after the segment's text so far. */
function startsWord(joined: string, token: string): boolean {
  return (
    joined.trim() === '' ||
    /\s$/u.test(joined) ||
    /^\s/u.test(token) ||
    lastUnspaced.test(joined) ||
    firstUnspaced.test(token)
  );
}

/** A piece is a word of its own, or the next part of the last word (sub-word tokens). */
function addToWords(segment: SegmentInProgress, piece: TimedPiece, continuesWord: boolean): void {
  const last = segment.words.at(-1);
  if (continuesWord && last !== undefined) {
    last.text += piece.text;
    last.endMs = Math.max(last.endMs, piece.endMs);
    last.placed ||= piece.placed === true;
    // A word is as sure as its least sure part.
    if (typeof piece.confidence === 'number') {
      last.confidence = Math.min(last.confidence ?? piece.confidence, piece.confidence);
    }
    return;
  }
  segment.words.push({
    text: piece.text.trim(),
    startMs: piece.startMs,
    endMs: piece.endMs,
    ...(piece.speaker !== undefined && piece.speaker !== null && { speaker: piece.speaker }),
    ...(typeof piece.confidence === 'number' && { confidence: piece.confidence }),
    placed: piece.placed === true,
  });
}

/** Chinese, Japanese and Thai words are written without spaces between them. */
function joinWords(joined: string, word: string): string {
  return joined === '' || (lastUnspaced.test(joined) && firstUnspaced.test(word))
    ? joined + word
    : `${joined} ${word}`;
}
