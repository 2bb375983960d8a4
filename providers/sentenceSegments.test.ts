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

it('keeps each segment’s words with their times, speaker and confidence when asked to', () => {
  const pieces: TimedPiece[] = [
    { text: 'Hello', startMs: 0, endMs: 300, speaker: 'A', confidence: 0.9 },
    { text: 'there.', startMs: 320, endMs: 600, speaker: 'A' },
    { text: 'Bye', startMs: 700, endMs: 900, speaker: 'B', confidence: 0.8 },
  ];
  expect(sentenceSegments(pieces, { keepWords: true })).toEqual([
    {
      text: 'Hello there.',
      startMs: 0,
      endMs: 600,
      speaker: 'A',
      words: [
        { text: 'Hello', startMs: 0, endMs: 300, speaker: 'A', confidence: 0.9 },
        { text: 'there.', startMs: 320, endMs: 600, speaker: 'A' },
      ],
    },
    {
      text: 'Bye',
      startMs: 700,
      endMs: 900,
      speaker: 'B',
      words: [{ text: 'Bye', startMs: 700, endMs: 900, speaker: 'B', confidence: 0.8 }],
    },
  ]);
  expect(sentenceSegments(pieces)[0]).not.toHaveProperty('words');
});

it('makes words of sub-word tokens: a word starts at a space, its least sure token sets its confidence', () => {
  const [segment] = sentenceSegments(
    [
      { text: 'Hel', startMs: 0, endMs: 100, confidence: 0.9 },
      { text: 'lo', startMs: 100, endMs: 200, confidence: 0.7 },
      { text: ' ', startMs: 200, endMs: 250 },
      { text: 'world', startMs: 250, endMs: 400, confidence: 0.95 },
      { text: '.', startMs: 400, endMs: 400, confidence: 0.99 },
    ],
    { piecesCarrySpacing: true, keepWords: true },
  );
  expect(segment?.words).toEqual([
    { text: 'Hello', startMs: 0, endMs: 200, confidence: 0.7 },
    { text: 'world.', startMs: 250, endMs: 400, confidence: 0.95 },
  ]);
});

it('makes each token of a script written without spaces a word of its own', () => {
  const [segment] = sentenceSegments(
    [
      { text: '今天', startMs: 0, endMs: 300 },
      { text: '开会', startMs: 300, endMs: 600 },
    ],
    { piecesCarrySpacing: true, keepWords: true },
  );
  expect(segment?.words?.map((word) => word.text)).toEqual(['今天', '开会']);
});

it('leaves words whose times were placed, not given, out of the words but not out of the text', () => {
  const [segment] = sentenceSegments(
    [
      { text: 'timed', startMs: 0, endMs: 300 },
      { text: 'guessed', startMs: 300, endMs: 500, placed: true },
    ],
    { keepWords: true },
  );
  expect(segment?.text).toBe('timed guessed');
  expect(segment?.words).toEqual([{ text: 'timed', startMs: 0, endMs: 300 }]);
});
