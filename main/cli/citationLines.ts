import { citedSegments } from '../../store/citedSegment.ts';
import type { AskEntry, Segment } from '../../store/records.ts';
import { clockTime } from './clockTime.ts';

/**
 * The answer's citations as `[m:ss] Speaker: quote` lines, each timed by the segment it quotes
 * (store/citedSegment.ts); a quote that matches no segment is shown without a time.
 */
export function citationLines(entry: AskEntry, segments: readonly Segment[]): string[] {
  return citedSegments(entry, segments).map(({ citation, segment }) => {
    const speaker = citation.speaker === null ? '' : `${citation.speaker}: `;
    const time = segment === undefined ? '' : `[${clockTime(segment.startMs)}] `;
    return `${time}${speaker}${citation.quote}`;
  });
}
