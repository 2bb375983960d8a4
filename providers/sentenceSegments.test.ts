import { expect, it } from 'vitest';
import { sentenceSegments, type TimedPiece } from './sentenceSegments.ts';

function words(...items: Array<[string, number, number, string?]>): TimedPiece[] {
  return items.map(([text, startMs, endMs, speaker]) => ({ text, startMs, endMs, speaker: speaker ?? null }));
}

function inLanguage(language: string, pieces: TimedPiece[]): TimedPiece[] {
  return pieces.map((piece) => ({ ...piece, language }));
}

it('ends a segment at sentence punctuation and spans its words', () => {
  expect(
    sentenceSegments(inLanguage('en', words(['Hello', 0, 300], ['there.', 320, 600], ['Bye!', 700, 900]))),
  ).toEqual([
    { text: 'Hello there.', startMs: 0, endMs: 600, speaker: null, language: 'en' },
    { text: 'Bye!', startMs: 700, endMs: 900, speaker: null, language: 'en' },
  ]);
});

it('starts a new segment when the speaker changes or after a long pause', () => {
  const segments = sentenceSegments(
    words(
      ['yes', 0, 200, 'A'],
      ['no', 250, 400, 'B'],
      ['maybe', 450, 600, 'B'],
      ['later', 3_000, 3_200, 'B'],
    ),
  );
  expect(segments.map((segment) => [segment.text, segment.speaker])).toEqual([
    ['yes', 'A'],
    ['no maybe', 'B'],
    ['later', 'B'],
  ]);
});

it('joins Chinese words without spaces and skips blank words', () => {
  const segments = sentenceSegments(
    words(['今天', 0, 300], [' ', 300, 310], ['开会。', 320, 700], ['OK', 800, 900]),
  );
  expect(segments.map((segment) => segment.text)).toEqual(['今天开会。', 'OK']);
});

it('returns nothing for no words', () => {
  expect(sentenceSegments([])).toEqual([]);
});

it('joins pieces that carry their own spacing as they come, and names no speaker or language unless given', () => {
  expect(
    sentenceSegments(
      [
        { text: 'Hel', startMs: 0, endMs: 100 },
        { text: 'lo', startMs: 100, endMs: 200 },
        { text: ' world…', startMs: 200, endMs: 400 },
        { text: ' Next', startMs: 500, endMs: 600 },
      ],
      { piecesCarrySpacing: true },
    ),
  ).toEqual([
    { text: 'Hello world…', startMs: 0, endMs: 400 },
    { text: 'Next', startMs: 500, endMs: 600 },
  ]);
});
