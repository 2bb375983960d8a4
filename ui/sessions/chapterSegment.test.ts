import { describe, expect, it } from 'vitest';
import type { Segment } from '../../store/records.ts';
import { chapterSegment } from './chapterSegment.ts';

const segment = (seq: number, startMs: number, endMs: number): Segment => ({
  seq,
  text: `Line ${seq}`,
  startMs,
  endMs,
  speaker: null,
  language: null,
});
const segments = [segment(0, 0, 25_000), segment(1, 30_000, 55_000), segment(2, 60_000, 85_000)];

describe('the segment a chapter opens with', () => {
  it('is the segment that starts where the chapter does', () => {
    expect(chapterSegment(segments, 0)?.seq).toBe(0);
    expect(chapterSegment(segments, 60_000)?.seq).toBe(2);
  });

  it('is the segment being spoken at the chapter’s start, else the next one after a pause', () => {
    expect(chapterSegment(segments, 40_000)?.seq).toBe(1);
    expect(chapterSegment(segments, 27_000)?.seq).toBe(1);
  });

  it('is none past the last segment, or in an empty transcript', () => {
    expect(chapterSegment(segments, 90_000)).toBeUndefined();
    expect(chapterSegment([], 0)).toBeUndefined();
  });
});
