import type { TranscriptPart } from './transcriptParts.ts';
import type { TranscriptLine } from './transcriptLines.ts';

/**
 * Which part answers for which line. Lines in an overlap are seen by two parts; each answer about
 * such a line (its correction, a chapter starting there) is taken from one of them only: the
 * earlier part keeps the first half of the overlap and the later part the rest, so each line is
 * judged by a part that saw some context on both sides of it where it could.
 */
export function ownedLines(parts: readonly TranscriptPart[]): TranscriptLine[][] {
  return parts.map((part, index) => {
    const nextOverlap = parts[index + 1]?.overlap ?? 0;
    return part.lines.slice(Math.ceil(part.overlap / 2), part.lines.length - Math.floor(nextOverlap / 2));
  });
}

/** A key for a line that tells pieces of one segment apart. */
export function lineKey(line: TranscriptLine): string {
  return line.piece === undefined ? String(line.seq) : `${line.seq}.${line.piece.index}`;
}
