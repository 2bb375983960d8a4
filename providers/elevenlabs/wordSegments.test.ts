import { expect, it } from 'vitest';

import { segmentsFromWords } from './wordSegments.ts';

it('joins words with their spacing, ends a segment at sentence punctuation and keeps each word with its time', () => {
  expect(
    segmentsFromWords(
      [
        { text: 'Hi', start: 0.1, end: 0.3, type: 'word' },
        { text: ' ', start: 0.3, end: 0.4, type: 'spacing' },
        { text: 'there.', start: 0.4, end: 0.8, type: 'word' },
        { text: ' ', start: 0.8, end: 1, type: 'spacing' },
        { text: 'Bye', start: 1, end: 1.25, type: 'word' },
      ],
      false,
    ),
  ).toEqual([
    {
      text: 'Hi there.',
      startMs: 100,
      endMs: 800,
      words: [
        { text: 'Hi', startMs: 100, endMs: 300 },
        { text: 'there.', startMs: 400, endMs: 800 },
      ],
    },
    { text: 'Bye', startMs: 1000, endMs: 1250, words: [{ text: 'Bye', startMs: 1000, endMs: 1250 }] },
  ]);
});

it('splits at long pauses and leaves out audio events and untimed entries', () => {
  expect(
    segmentsFromWords(
      [
        { text: 'one', start: 0, end: 0.2, type: 'word' },
        { text: '(laughter)', start: 0.2, end: 1, type: 'audio_event' },
        { text: ' ', start: 0.2, end: 3, type: 'spacing' },
        { text: 'two', start: 3, end: 3.2, type: 'word' },
        { text: 'three', type: 'word' },
      ],
      false,
    ).map(({ text, startMs, endMs }) => ({ text, startMs, endMs })),
  ).toEqual([
    { text: 'one', startMs: 0, endMs: 200 },
    { text: 'two', startMs: 3000, endMs: 3200 },
  ]);
});

it('with speakers, starts a segment where the speaker changes and labels it and its words, confidence from logprob', () => {
  const segments = segmentsFromWords(
    [
      { text: 'Hello', start: 0, end: 0.4, type: 'word', speaker_id: 'speaker_0', logprob: 0 },
      { text: ' ', start: 0.4, end: 0.5, type: 'spacing', speaker_id: 'speaker_0', logprob: 0 },
      { text: 'yes', start: 0.5, end: 0.8, type: 'word', speaker_id: 'speaker_1', logprob: Math.log(0.5) },
    ],
    true,
  );
  expect(segments).toEqual([
    {
      text: 'Hello',
      startMs: 0,
      endMs: 400,
      speaker: 'speaker_0',
      words: [{ text: 'Hello', startMs: 0, endMs: 400, speaker: 'speaker_0', confidence: 1 }],
    },
    {
      text: 'yes',
      startMs: 500,
      endMs: 800,
      speaker: 'speaker_1',
      words: [{ text: 'yes', startMs: 500, endMs: 800, speaker: 'speaker_1', confidence: 0.5 }],
    },
  ]);
});

it('without speakers asked for, ignores speaker ids Scribe sends anyway', () => {
  const [segment] = segmentsFromWords(
    [
      { text: 'Hello', start: 0, end: 0.4, type: 'word', speaker_id: 'speaker_0' },
      { text: 'yes', start: 0.5, end: 0.8, type: 'word', speaker_id: 'speaker_1' },
    ],
    false,
  );
  expect(segment?.speaker).toBeUndefined();
  expect(segment?.words?.every((word) => word.speaker === undefined)).toBe(true);
});
