import { expect, it } from 'vitest';
import { joiningFilter, placedParts } from './partPlacement.ts';

it('plays parts noted at their starts there, with silence where audio was never kept', () => {
  // Captured 0-10 s, but only 4 s kept (a full disk); resumed at 10 s for 5 s.
  expect(
    placedParts([
      { startMs: 0, lengthMs: 4_000 },
      { startMs: 10_000, lengthMs: 5_000 },
    ]),
  ).toEqual([
    { startMs: 0, endMs: 4_000 },
    { startMs: 10_000, endMs: 15_000 },
  ]);
  // Retention "never" for the first capture: the kept one starts after 7 s of silence.
  expect(placedParts([{ startMs: 7_000, lengthMs: 2_000 }])).toEqual([{ startMs: 7_000, endMs: 9_000 }]);
});

it('never cuts a part longer than its slot, and follows a part without a noted start', () => {
  expect(
    placedParts([
      { startMs: 0, lengthMs: 10_300 },
      { startMs: 10_000, lengthMs: 1_000 },
      { startMs: undefined, lengthMs: 2_000 },
    ]),
  ).toEqual([
    { startMs: 0, endMs: 10_300 },
    { startMs: 10_300, endMs: 11_300 },
    { startMs: 11_300, endMs: 13_300 },
  ]);
});

it('pads each part to the next one in samples of 48 kHz, the first after its delay', () => {
  expect(joiningFilter([{ startMs: 2_000 }, { startMs: 10_000 }, { startMs: 15_000 }])).toBe(
    '[0:a]adelay=2000,apad=whole_len=480000[part0];[1:a]apad=whole_len=240000[part1];[2:a]anull[part2];' +
      '[part0][part1][part2]concat=n=3:v=0:a=1[joined]',
  );
  // Parts kept before starts were noted are joined back to back, as they always were.
  expect(joiningFilter([{ startMs: undefined }, { startMs: undefined }])).toBe(
    '[0:a]anull[part0];[1:a]anull[part1];[part0][part1]concat=n=2:v=0:a=1[joined]',
  );
});
