import { expect, it } from 'vitest';
import { tokenWords } from './tokenWords.ts';

it('joins whisper tokens into words at leading spaces, each word ending with its last piece and as sure as its least probable one', () => {
  const tokens = [
    { word: ' Hel', start: 0.1, end: 0.3, probability: 0.9 },
    { word: 'lo', start: 0.3, end: 0.5, probability: 0.6 },
    { word: ',', start: 0.5, end: 0.52, probability: 0.8 },
    { word: ' world', start: 0.6, end: 1.004, probability: 0.75 },
  ];
  expect(tokenWords(tokens)).toEqual([
    { text: 'Hello,', startMs: 100, endMs: 520, confidence: 0.6 },
    { text: 'world', startMs: 600, endMs: 1_004, confidence: 0.75 },
  ]);
});

it('gives no words when the server left the token times out, or listed none', () => {
  expect(tokenWords([{ word: ' Hello', probability: 0.9 }])).toBeUndefined();
  expect(tokenWords([])).toBeUndefined();
});

it('leaves confidence out of words whose tokens carry no probability', () => {
  expect(tokenWords([{ word: ' Hi', start: 0, end: 0.2 }])).toEqual([{ text: 'Hi', startMs: 0, endMs: 200 }]);
  expect(tokenWords(undefined)).toBeUndefined();
});
