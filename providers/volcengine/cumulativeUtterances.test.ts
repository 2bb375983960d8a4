import { expect, it } from 'vitest';
import { CumulativeUtterances, type Utterance } from './cumulativeUtterances.ts';

const hello: Utterance = { text: 'Hello there.', start_time: 300, end_time: 1200, definite: true };
const world = (definite: boolean, text = 'how are'): Utterance => ({
  text,
  start_time: 1600,
  end_time: 2400,
  definite,
});

it('reports each definite sentence once, however often the cumulative result repeats it', () => {
  const utterances = new CumulativeUtterances();
  expect(utterances.update([{ ...hello, text: 'hello', definite: false }], false)).toEqual([
    { type: 'partial', text: 'hello', startMs: 300, endMs: 1200 },
  ]);
  expect(utterances.update([hello, world(false)], false)).toEqual([
    { type: 'final', text: 'Hello there.', startMs: 300, endMs: 1200 },
    { type: 'partial', text: 'how are', startMs: 1600, endMs: 2400 },
  ]);
  expect(utterances.update([hello, world(false, 'how are you')], false)).toEqual([
    { type: 'partial', text: 'how are you', startMs: 1600, endMs: 2400 },
  ]);
  expect(utterances.update([hello, world(true, 'How are you?')], false)).toEqual([
    { type: 'final', text: 'How are you?', startMs: 1600, endMs: 2400 },
  ]);
  expect(utterances.update([hello, world(true, 'How are you?')], true)).toEqual([]);
});

it('repeats no partial that did not change', () => {
  const utterances = new CumulativeUtterances();
  expect(utterances.update([world(false)], false)).toHaveLength(1);
  expect(utterances.update([world(false)], false)).toEqual([]);
});

it('commits what the terminal response still holds as indefinite, so no last words are lost', () => {
  const utterances = new CumulativeUtterances();
  utterances.update([hello], false);
  expect(utterances.update([hello, world(false, 'how are you')], true)).toEqual([
    { type: 'final', text: 'how are you', startMs: 1600, endMs: 2400 },
  ]);
});

it('commits the last partial when the terminal response carries no sentences', () => {
  const utterances = new CumulativeUtterances();
  utterances.update([hello, world(false)], false);
  expect(utterances.update(undefined, true)).toEqual([
    { type: 'final', text: 'how are', startMs: 1600, endMs: 2400 },
  ]);
});

it('skips empty sentences, yet counts them as reported', () => {
  const utterances = new CumulativeUtterances();
  expect(utterances.update([{ ...hello, text: ' ' }], false)).toEqual([]);
  expect(utterances.update([{ ...hello, text: ' ' }, world(true, 'Later.')], false)).toEqual([
    { type: 'final', text: 'Later.', startMs: 1600, endMs: 2400 },
  ]);
});

it('reports several sentences that became definite in one response, in order', () => {
  const utterances = new CumulativeUtterances();
  expect(utterances.update([hello, world(true, 'How are you?')], true)).toEqual([
    { type: 'final', text: 'Hello there.', startMs: 300, endMs: 1200 },
    { type: 'final', text: 'How are you?', startMs: 1600, endMs: 2400 },
  ]);
});

it('gives a final the words of its sentence in milliseconds, and a partial none', () => {
  const utterances = new CumulativeUtterances();
  const words = [
    { text: '你', start_time: 300, end_time: 520 },
    { text: '好', start_time: 520, end_time: 800 },
  ];
  expect(
    utterances.update([{ ...hello, text: '你', definite: false, words: words.slice(0, 1) }], false),
  ).toEqual([{ type: 'partial', text: '你', startMs: 300, endMs: 1200 }]);
  expect(utterances.update([{ ...hello, text: '你好。', words }], false)).toEqual([
    {
      type: 'final',
      text: '你好。',
      startMs: 300,
      endMs: 1200,
      words: [
        { text: '你', startMs: 300, endMs: 520 },
        { text: '好', startMs: 520, endMs: 800 },
      ],
    },
  ]);
});
