import type { Chapter } from '../../../store/records.ts';
import type { SegmentTimeline } from './segmentTimeline.ts';

/** A chapter as the model placed it, its start already read from `H:MM:SS`. */
export interface PlacedChapter {
  title: string;
  startMs: number;
  summary: string;
}

/**
 * Chapters moved onto the segments: each start snapped to the nearest real segment's start, one
 * that points outside the session dropped, two on one start kept once, then made to cover the
 * session: the first starts at the first segment, each ends where the next starts, the last at
 * the session's end.
 */
export function groundChapters(placed: readonly PlacedChapter[], timeline: SegmentTimeline): Chapter[] {
  const snapped = snapChapters(placed, timeline);
  const [first, ...rest] = snapped;
  if (first === undefined) return [];
  const starting = [
    { ...first, startMs: timeline.startMs },
    ...rest.filter((chapter) => chapter.startMs > timeline.startMs),
  ];
  return starting.map((chapter, index) => ({
    title: chapter.title,
    startMs: chapter.startMs,
    endMs: starting[index + 1]?.startMs ?? timeline.endMs,
    summary: chapter.summary,
  }));
}

/** Chapter starts on real segment starts, in order, once each; chapters pointing at nothing dropped. */
export function snapChapters(placed: readonly PlacedChapter[], timeline: SegmentTimeline): PlacedChapter[] {
  const snapped = placed.flatMap((chapter) => {
    const segment = timeline.nearestStart(chapter.startMs);
    return segment === undefined ? [] : [{ ...chapter, startMs: segment.startMs }];
  });
  snapped.sort((a, b) => a.startMs - b.startMs);
  return snapped.filter((chapter, index) => snapped[index - 1]?.startMs !== chapter.startMs);
}
