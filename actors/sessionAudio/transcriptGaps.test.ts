import { describe, expect, it } from 'vitest';
import { transcriptGaps } from './transcriptGaps.ts';

const segment = (startMs: number, endMs: number) => ({ startMs, endMs });

describe('transcriptGaps', () => {
  it('finds the untranscribed end of each recorded part and of the audio, not the silences within a part', () => {
    const segments = [
      segment(0, 2_000),
      segment(5_000, 7_000),
      segment(10_000, 12_000),
      segment(12_500, 14_000),
    ];
    // Part 1 runs to 9 s (transcribed to 7 s, a 3 s silence inside it), part 2 to 20 s.
    expect(transcriptGaps(segments, [9_000, 20_000])).toEqual([
      { startMs: 7_000, endMs: 9_000 },
      { startMs: 14_000, endMs: 20_000 },
    ]);
  });

  it('takes a part with no segment at all whole, and leaves out stretches under a second', () => {
    expect(transcriptGaps([segment(0, 4_500)], [5_000, 8_000, 8_600])).toEqual([
      { startMs: 5_000, endMs: 8_000 },
    ]);
  });

  it('finds none for a transcript that reaches the end, and the whole audio for one without segments', () => {
    expect(transcriptGaps([segment(0, 6_000)], [6_300])).toEqual([]);
    expect(transcriptGaps([], [4_000])).toEqual([{ startMs: 0, endMs: 4_000 }]);
  });
});
