import { expect, it } from 'vitest';
import { playbackPosition, spokenWordMark } from './playbackPosition.ts';
import type { Segment } from '../../store/records.ts';

function segment(seq: number, startMs: number, endMs: number, words?: [string, number, number][]) {
  return {
    seq,
    text: words?.map(([text]) => text).join(' ') ?? `line ${seq}`,
    startMs,
    endMs,
    speaker: null,
    language: null,
    ...(words === undefined
      ? {}
      : { words: words.map(([text, start, end]) => ({ text, startMs: start, endMs: end })) }),
  } satisfies Segment;
}

const segments = [
  segment(0, 1_000, 3_000, [
    ['Good', 1_000, 1_400],
    ['morning', 1_500, 2_100],
    ['all', 2_400, 3_000],
  ]),
  segment(1, 5_000, 8_000),
];

it('marks no line before the first one starts', () => {
  expect(playbackPosition(segments, 999)).toBeUndefined();
  expect(playbackPosition([], 5_000)).toBeUndefined();
});

it('marks the word being spoken, and keeps the last word marked in the short pause after it', () => {
  expect(playbackPosition(segments, 1_000)).toEqual({ seq: 0, word: 0 });
  expect(playbackPosition(segments, 1_450)).toEqual({ seq: 0, word: 0 });
  expect(playbackPosition(segments, 2_000)).toEqual({ seq: 0, word: 1 });
  expect(playbackPosition(segments, 2_999)).toEqual({ seq: 0, word: 2 });
});

it('keeps a line marked through the pause after it, without a word, until the next line starts', () => {
  expect(playbackPosition(segments, 4_000)).toEqual({ seq: 0, word: undefined });
  expect(playbackPosition(segments, 5_000)).toEqual({ seq: 1, word: undefined });
  expect(playbackPosition(segments, 60_000)).toEqual({ seq: 1, word: undefined });
});

it("finds a playing word in the line's text in order, so the second of two equal words is marked", () => {
  const words = [
    { text: 'No,', startMs: 0, endMs: 200 },
    { text: ' no,', startMs: 300, endMs: 500 },
    { text: 'no', startMs: 600, endMs: 700 },
    { text: 'way.', startMs: 800, endMs: 900 },
  ];
  expect(spokenWordMark('No, no, no way.', words, 1)).toEqual({ start: 4, end: 7, spoken: true });
  expect(spokenWordMark('No, no, no way.', words, 2)).toEqual({ start: 8, end: 10, spoken: true });
  expect(spokenWordMark('Corrected line', words, 2)).toBeUndefined();
});
