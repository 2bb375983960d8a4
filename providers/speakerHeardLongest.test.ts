import { expect, it } from 'vitest';
import { speakerHeardLongest } from './speakerHeardLongest.ts';

it('names the speaker heard longest in total, not the one heard first or most often', () => {
  expect(
    speakerHeardLongest([
      { speaker: 'A', startMs: 0, endMs: 300 },
      { speaker: 'B', startMs: 300, endMs: 1_100 },
      { speaker: 'A', startMs: 1_100, endMs: 1_200 },
      { speaker: 'A', startMs: 1_200, endMs: 1_400 },
    ]),
  ).toBe('B');
});

it('takes the first listed when no speaker carries time, and none when none is named', () => {
  expect(
    speakerHeardLongest([
      { speaker: 'A', startMs: 5, endMs: 5 },
      { speaker: 'B', startMs: 5, endMs: 5 },
    ]),
  ).toBe('A');
  expect(
    speakerHeardLongest([
      { startMs: 0, endMs: 100 },
      { speaker: null, startMs: 0, endMs: 50 },
    ]),
  ).toBeUndefined();
});
