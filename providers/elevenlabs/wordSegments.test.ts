import { expect, it } from 'vitest';

import { segmentsFromWords } from './wordSegments.ts';

it('joins words with their spacing and ends a segment at sentence punctuation', () => {
  expect(
    segmentsFromWords([
      { text: 'Hi', start: 0.1, end: 0.3, type: 'word' },
      { text: ' ', start: 0.3, end: 0.4, type: 'spacing' },
      { text: 'there.', start: 0.4, end: 0.8, type: 'word' },
      { text: ' ', start: 0.8, end: 1, type: 'spacing' },
      { text: 'Bye', start: 1, end: 1.25, type: 'word' },
    ]),
  ).toEqual([
    { text: 'Hi there.', startMs: 100, endMs: 800 },
    { text: 'Bye', startMs: 1000, endMs: 1250 },
  ]);
});

it('splits at long pauses and leaves out audio events and untimed entries', () => {
  expect(
    segmentsFromWords([
      { text: 'one', start: 0, end: 0.2, type: 'word' },
      { text: '(laughter)', start: 0.2, end: 1, type: 'audio_event' },
      { text: ' ', start: 0.2, end: 3, type: 'spacing' },
      { text: 'two', start: 3, end: 3.2, type: 'word' },
      { text: 'three', type: 'word' },
    ]),
  ).toEqual([
    { text: 'one', startMs: 0, endMs: 200 },
    { text: 'two', startMs: 3000, endMs: 3200 },
  ]);
});
