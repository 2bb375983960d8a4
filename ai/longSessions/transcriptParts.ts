import { ContextTooSmallError } from '../generationErrors.ts';
import { contentBudget } from './requestBudget.ts';
import { estimateTokens } from './tokenEstimate.ts';
import { lineOf, timedLine } from './transcriptLines.ts';
import type { LineFormat, TranscriptLine, TranscriptSegment } from './transcriptLines.ts';

/**
 * A transcript cut into parts that each fit one request. A transcript that fits is one part; a
 * longer one is cut between segments into parts that overlap by a few lines, so a point made
 * across a cut is seen whole by at least one part. A segment is cut only when it alone is longer
 * than a part may be; its pieces then make parts of their own.
 */

export interface PartOptions {
  contextWindow: number;
  /** The request's fixed text: system and prompt without the transcript. */
  promptTokens: number;
  /** The room the answer is given. */
  answerTokens: number;
  /** At most this much of a part repeats the end of the part before. */
  overlapTokens: number;
  /** A tighter limit than the context leaves, for answers that grow with the part (corrections). */
  maxPartTokens?: number;
  /** How lines are written into the prompt; the estimate is of that text. */
  format?: LineFormat;
}

export interface TranscriptPart {
  lines: TranscriptLine[];
  /** How many of the first lines repeat the end of the part before (0 for the first part). */
  overlap: number;
  /** The estimated tokens of the lines as the prompt holds them, line breaks included. */
  tokens: number;
}

export function partsFor(segments: readonly TranscriptSegment[], options: PartOptions): TranscriptPart[] {
  const format = options.format ?? timedLine;
  const tokensOf = (line: TranscriptLine): number => estimateTokens(format(line)) + 1;
  const budget = Math.min(contentBudget(options.contextWindow, options), options.maxPartTokens ?? Infinity);
  const lines = segments
    .map(lineOf)
    .flatMap((line) => (tokensOf(line) <= budget ? [line] : piecesOf(line, budget, tokensOf, options)));

  const parts: TranscriptPart[] = [];
  let open: TranscriptPart | undefined;
  const close = (): void => {
    if (open !== undefined) parts.push(open);
    open = undefined;
  };
  for (const line of lines) {
    const lineTokens = tokensOf(line);
    if (line.piece !== undefined) {
      close();
      parts.push({ lines: [line], overlap: 0, tokens: lineTokens });
      continue;
    }
    if (open !== undefined && open.tokens + lineTokens > budget) close();
    open ??= opening(parts.at(-1), lineTokens, budget, options.overlapTokens, tokensOf);
    open.lines.push(line);
    open.tokens += lineTokens;
  }
  close();
  return parts;
}

/**
 * A new part, holding the last lines of the part before as long as they stay within the overlap
 * and leave room for the first new line. Only lines new in the part before are taken, so no line
 * is in three parts, and pieces never are, so a part holds at most one piece of a segment.
 */
function opening(
  previous: TranscriptPart | undefined,
  firstLineTokens: number,
  budget: number,
  overlapTokens: number,
  tokensOf: (line: TranscriptLine) => number,
): TranscriptPart {
  const overlapLines: TranscriptLine[] = [];
  let tokens = 0;
  for (const line of previous?.lines.slice(previous.overlap).reverse() ?? []) {
    if (line.piece !== undefined) break;
    const lineTokens = tokensOf(line);
    if (tokens + lineTokens > overlapTokens || tokens + lineTokens + firstLineTokens > budget) break;
    overlapLines.unshift(line);
    tokens += lineTokens;
  }
  return { lines: overlapLines, overlap: overlapLines.length, tokens };
}

/** A word without spaces (Chinese, Japanese, a URL) estimated above this is cut into chunks… */
const longWordTokens = 8;
/** …of this many code points. */
const longWordChunk = 8;

/**
 * A segment too long for a part, cut at spaces (or inside long runs without spaces) into pieces
 * that each fit, its time shared out by length.
 */
function piecesOf(
  line: TranscriptLine,
  budget: number,
  tokensOf: (line: TranscriptLine) => number,
  options: PartOptions,
): TranscriptLine[] {
  const atoms = (line.text.match(/\S+\s*/gu) ?? []).flatMap((word) =>
    estimateTokens(word) <= longWordTokens ? [word] : chunksOf(word),
  );
  const fixedTokens = tokensOf({ ...line, text: '' });
  const tooSmall = (atomTokens: number): ContextTooSmallError =>
    new ContextTooSmallError(
      options.contextWindow,
      options.contextWindow - budget + fixedTokens + atomTokens,
    );
  if (fixedTokens + 1 > budget) throw tooSmall(1);
  const texts: string[] = [];
  let text = '';
  let tokens = fixedTokens;
  for (const atom of atoms) {
    // Each atom's own estimate is at least its share of the joined text's, so the sum is safe.
    const atomTokens = estimateTokens(atom);
    if (tokens + atomTokens > budget && text !== '') {
      texts.push(text);
      text = '';
      tokens = fixedTokens;
    }
    if (tokens + atomTokens > budget) throw tooSmall(atomTokens);
    text += atom;
    tokens += atomTokens;
  }
  if (text !== '') texts.push(text);

  const totalLength = texts.reduce((sum, piece) => sum + piece.length, 0);
  const duration = line.endMs - line.startMs;
  let offset = 0;
  return texts.map((piece, index) => {
    const startMs = line.startMs + Math.round((duration * offset) / totalLength);
    offset += piece.length;
    const endMs = line.startMs + Math.round((duration * offset) / totalLength);
    return {
      ...line,
      text: piece.trimEnd(),
      startMs,
      endMs,
      piece: { index, count: texts.length, spaceAfter: /\s$/u.test(piece) },
    };
  });
}

function chunksOf(word: string): string[] {
  const codePoints = [...word];
  const chunks: string[] = [];
  for (let start = 0; start < codePoints.length; start += longWordChunk) {
    chunks.push(codePoints.slice(start, start + longWordChunk).join(''));
  }
  return chunks;
}
