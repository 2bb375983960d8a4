import { expect, it } from 'vitest';
import type { TranscribedSegment } from './contract.ts';
import { attachWords } from './segmentWords.ts';

it('gives each word to the segment its middle falls in, and a word in a gap to the segment before', () => {
  const segments: TranscribedSegment[] = [
    { text: 'one two', startMs: 0, endMs: 1_000 },
    { text: 'three', startMs: 1_500, endMs: 2_000 },
  ];
  attachWords(segments, [
    { text: 'one', startMs: 0, endMs: 400 },
    { text: 'two', startMs: 600, endMs: 1_200 },
    { text: 'three', startMs: 1_450, endMs: 1_900 },
  ]);
  expect(segments.map((segment) => segment.words?.map((word) => word.text))).toEqual([
    ['one', 'two'],
    ['three'],
  ]);
});

it('leaves segments without words as they are', () => {
  const segments: TranscribedSegment[] = [{ text: 'hello', startMs: 0, endMs: 1_000 }];
  attachWords(segments, []);
  expect(segments[0]).toEqual({ text: 'hello', startMs: 0, endMs: 1_000 });
});
