import type { Segment } from '../../store/records.ts';

/**
 * The segment a chapter opens with: the one being spoken when the chapter starts, else the next
 * one (a chapter starts on a segment's start, but a pause or an edited transcript may fall in
 * between). Undefined when no segment reaches that far.
 */
export function chapterSegment(segments: readonly Segment[], startMs: number): Segment | undefined {
  return segments.find((segment) => segment.endMs > startMs);
}
