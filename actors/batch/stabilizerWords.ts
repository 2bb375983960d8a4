import type { WindowPass, WindowSegment, WindowWord } from './windowTranscript.ts';

/** One word of a window pass, as the stabilizer compares, commits and times it. */
export interface PassWord {
  /** As the provider spelled it, punctuation included: what is committed. */
  text: string;
  /** Lower case without punctuation: what two passes must agree on. */
  key: string;
  startMs: number;
  endMs: number;
  /** The provider timed this word itself; otherwise its times are estimated from its segment. */
  timed: boolean;
  /** As the provider gave them for a word it timed. */
  speaker?: string | null;
  confidence?: number | null;
  /** Written right after the previous word without a space in the provider's text ("Python写"). */
  attached: boolean;
  /** The segment of its pass it came from, so committed segments start where the provider's did. */
  segmentIndex: number;
}

/**
 * Chinese and Japanese are written without spaces, so each of their characters is compared as a
 * word: a whole run would only ever agree once the sentence stopped growing.
 */
const cjkOrOtherRun =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

/** Case, width and punctuation differ between passes over the same audio; letters and digits do not. */
export function comparisonKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '');
}

interface Piece {
  text: string;
  attached: boolean;
  startMs?: number;
  endMs?: number;
  speaker?: string | null;
  confidence?: number | null;
}

function piecesOfText(text: string): Piece[] {
  const pieces: Piece[] = [];
  for (const token of text.split(/\s+/u)) {
    if (token === '') continue;
    for (const [index, run] of (token.match(cjkOrOtherRun) ?? []).entries())
      pieces.push({ text: run, attached: index > 0 });
  }
  return pieces;
}

function piecesOfWords(words: readonly WindowWord[]): Piece[] {
  return words
    .map((word) => ({ ...word, text: word.text.trim(), attached: false }))
    .filter((piece) => piece.text !== '');
}

/**
 * Punctuation on its own (" , ", "。", a timed "." token) is not a word two passes could agree
 * on: it joins the word before it, or the one after it at the start of a segment.
 */
function mergePunctuation(pieces: readonly Piece[]): Piece[] {
  const merged: Piece[] = [];
  let leading = '';
  for (const piece of pieces) {
    const previous = merged.at(-1);
    if (comparisonKey(piece.text) !== '') {
      merged.push({ ...piece, text: leading + piece.text });
      leading = '';
    } else if (previous === undefined) {
      leading += piece.text;
    } else {
      previous.text += (piece.attached ? '' : ' ') + piece.text;
      if (piece.endMs !== undefined) previous.endMs = Math.max(previous.endMs ?? piece.endMs, piece.endMs);
    }
  }
  return merged;
}

/** Words the provider did not time share their segment's span in proportion to their length. */
function segmentWords(segment: WindowSegment, segmentIndex: number): PassWord[] {
  const pieces = mergePunctuation(
    segment.words !== undefined && segment.words.length > 0
      ? piecesOfWords(segment.words)
      : piecesOfText(segment.text),
  );
  const weights = pieces.map((piece) => Math.max(1, comparisonKey(piece.text).length));
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const spanMs = Math.max(0, segment.endMs - segment.startMs);
  let weightBefore = 0;
  return pieces.map((piece, index) => {
    const weight = weights[index] ?? 1;
    const estimatedStartMs = segment.startMs + (spanMs * weightBefore) / totalWeight;
    weightBefore += weight;
    const estimatedEndMs = segment.startMs + (spanMs * weightBefore) / totalWeight;
    const timed = piece.startMs !== undefined && piece.endMs !== undefined;
    const word: PassWord = {
      text: piece.text,
      key: comparisonKey(piece.text),
      startMs: timed ? (piece.startMs ?? 0) : Math.round(estimatedStartMs),
      endMs: timed ? (piece.endMs ?? 0) : Math.round(estimatedEndMs),
      timed,
      attached: piece.attached,
      segmentIndex,
    };
    if (timed && piece.speaker !== undefined) word.speaker = piece.speaker;
    if (timed && piece.confidence !== undefined) word.confidence = piece.confidence;
    return word;
  });
}

/** The words of a pass in order: the provider's timed words where it gave them, else its text split. */
export function passWords(pass: WindowPass): PassWord[] {
  return pass.segments.flatMap((segment, index) => segmentWords(segment, index));
}
