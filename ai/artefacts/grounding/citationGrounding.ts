import type { Citation } from '../../../store/records.ts';
import { formatTimestamp, parseTimestamp } from '../../longSessions/timestamps.ts';
import type { SegmentTimeline } from './segmentTimeline.ts';

/** A citation the page can jump to: the segment's own words and speaker, and its place. */
export interface GroundedCitation extends Citation {
  seq: number;
  startMs: number;
  endMs: number;
}

/** `[0:12:05]`, `[12:05]`, or several in one pair of brackets (`[0:12:05, 0:14:30]`, a range). */
const citationMarker =
  /\s?\[(\s*\d{1,2}:\d{2}(?::\d{2})?(?:\s*(?:[,;–—-]|and)\s*\d{1,2}:\d{2}(?::\d{2})?)*\s*)\]/g;
const timeInMarker = /\d{1,2}:\d{2}(?::\d{2})?/g;

/** A quote longer than this is cut (a segment of minutes is not shown whole under an answer). */
const longestQuote = 300;

/**
 * Text whose `[H:MM:SS]` citations are checked against the session: each time is moved to the
 * start of the segment it points at and that segment becomes a citation (once, in order of first
 * mention); a time that points at nothing is taken out of the text, so no citation is shown that
 * the recording does not back.
 */
export function groundCitations(
  text: string,
  timeline: SegmentTimeline,
): { text: string; citations: GroundedCitation[] } {
  const citations = new Map<number, GroundedCitation>();
  const grounded = text.replace(citationMarker, (marker: string, times: string) => {
    const stamps = [...times.matchAll(timeInMarker)].flatMap(([time]) => {
      const ms = parseTimestamp(time);
      const segment = ms === undefined ? undefined : timeline.segmentAt(ms);
      if (segment === undefined) return [];
      if (!citations.has(segment.seq)) {
        citations.set(segment.seq, {
          quote: quoteOf(segment.text),
          speaker: segment.speaker ?? null,
          seq: segment.seq,
          startMs: segment.startMs,
          endMs: segment.endMs,
        });
      }
      return [formatTimestamp(segment.startMs)];
    });
    const distinct = [...new Set(stamps)];
    const leadingSpace = marker.slice(0, marker.indexOf('['));
    return distinct.length === 0 ? '' : `${leadingSpace}[${distinct.join(', ')}]`;
  });
  return { text: grounded, citations: [...citations.values()] };
}

/** The text as a citation shows it: whole, or cut with `…` when longer than a quote may be. */
export function quoteOf(text: string): string {
  const codePoints = [...text.trim()];
  return codePoints.length <= longestQuote
    ? codePoints.join('')
    : `${codePoints.slice(0, longestQuote - 1).join('')}…`;
}
