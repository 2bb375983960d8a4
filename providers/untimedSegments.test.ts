import { expect, it } from 'vitest';
import { placeUntimed } from './untimedSegments.ts';

const times = (placed: Array<{ startMs: number; endMs: number }>) =>
  placed.map(({ startMs, endMs }) => [startMs, endMs]);

it('leaves timed stretches as they are', () => {
  const stretches = [
    { text: 'one', startMs: 100, endMs: 400, speaker: 'A' },
    { text: 'two', startMs: 500, endMs: 900, speaker: 'B' },
  ];
  expect(placeUntimed(stretches, 1_000)).toEqual(stretches);
});

it('shares the time between known neighbours by text length, the audio’s edges counting as known', () => {
  const placed = placeUntimed(
    [
      { text: 'aa', startMs: null, endMs: null },
      { text: 'bbbbbb', startMs: null, endMs: null },
      { text: 'cc', startMs: 2_000, endMs: 3_000 },
      { text: 'dddd', startMs: null, endMs: null },
    ],
    5_000,
  );
  expect(times(placed)).toEqual([
    [0, 500],
    [500, 2_000],
    [2_000, 3_000],
    [3_000, 5_000],
  ]);
});

it('keeps a known start or end of a half-timed stretch', () => {
  const placed = placeUntimed(
    [
      { text: 'aaaa', startMs: 1_000 },
      { text: 'bbbb', endMs: 3_000 },
    ],
    4_000,
  );
  expect(times(placed)).toEqual([
    [1_000, 2_000],
    [2_000, 3_000],
  ]);
});

it('never runs backwards when the known times do', () => {
  const placed = placeUntimed(
    [
      { text: 'aa', startMs: 3_000, endMs: 3_500 },
      { text: 'bb', startMs: null, endMs: null },
      { text: 'cc', startMs: 1_000, endMs: 1_500 },
    ],
    4_000,
  );
  expect(times(placed)[1]).toEqual([3_500, 3_500]);
});
