import { expect, it } from 'vitest';
import { sentenceSegments, type TimedWord } from './sentenceSegments.ts';

function words(...items: Array<[string, number, number, string?]>): TimedWord[] {
  return items.map(([text, startMs, endMs, speaker]) => ({ text, startMs, endMs, speaker }));
}

it('ends a segment at sentence punctuation and spans its words', () => {
  expect(sentenceSegments(words(['Hello', 0, 300], ['there.', 320, 600], ['Bye!', 700, 900]), 'en')).toEqual([
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
