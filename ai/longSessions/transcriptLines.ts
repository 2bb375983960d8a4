import type { Segment } from '../../store/records.ts';
import { formatTimestamp } from './timestamps.ts';

/** What the generation code needs of a stored segment. */
export type TranscriptSegment = Pick<Segment, 'seq' | 'text' | 'startMs' | 'endMs'> &
  Partial<Pick<Segment, 'speaker' | 'language'>>;

/**
 * One line of transcript as a part holds it: a whole segment, or, when one segment alone is longer
 * than a part may be, one piece of it (its times shared out by length).
 */
export interface TranscriptLine {
  seq: number;
  text: string;
  startMs: number;
  endMs: number;
  speaker: string | null;
  /**
   * Set only on a piece of a segment too long for one part: which piece, from 0, of how many, and
   * whether a space followed it in the segment (pieces of Chinese text join without one).
   */
  piece?: { index: number; count: number; spaceAfter: boolean };
}

export function lineOf(segment: TranscriptSegment): TranscriptLine {
  return {
    seq: segment.seq,
    text: segment.text.trim(),
    startMs: segment.startMs,
    endMs: segment.endMs,
    speaker: segment.speaker ?? null,
  };
}

/** How a line is written into a prompt. */
export type LineFormat = (line: TranscriptLine) => string;

/** `[0:03:12] Ana: text`: the time lets the model place chapters and cite; the speaker, attribute. */
export const timedLine: LineFormat = (line) =>
  `[${formatTimestamp(line.startMs)}] ${line.speaker === null ? '' : `${line.speaker}: `}${line.text}`;

/** `#12 text`: a correction or translation answers line by line, by number. */
export const numberedLine: LineFormat = (line) => `#${line.seq} ${line.text}`;

export function renderLines(lines: readonly TranscriptLine[], format: LineFormat): string {
  return lines.map(format).join('\n');
}
