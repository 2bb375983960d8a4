import { expect, it } from 'vitest';

import { DeltaUtterances } from './deltaUtterances.ts';

it('shows the text since the last commit as the partial and commits what a segment marks', () => {
  const utterances = new DeltaUtterances();
  utterances.heardLanguage('en');
  expect(utterances.delta('The quick')).toEqual([{ type: 'partial', text: 'The quick', language: 'en' }]);
  expect(utterances.delta(' brown fox')).toEqual([
    { type: 'partial', text: 'The quick brown fox', language: 'en' },
  ]);
  expect(utterances.delta(' jumps')).toEqual([
    { type: 'partial', text: 'The quick brown fox jumps', language: 'en' },
  ]);
  expect(utterances.segment({ text: ' The quick brown fox', startMs: 0, endMs: 1600 })).toEqual([
    { type: 'final', text: 'The quick brown fox', startMs: 0, endMs: 1600, language: 'en' },
    { type: 'partial', text: 'jumps', language: 'en' },
  ]);
});

it('does not show again text that a segment committed before its deltas arrived', () => {
  const utterances = new DeltaUtterances();
  expect(utterances.segment({ text: 'Hello there', startMs: 0, endMs: 800 })).toEqual([
    { type: 'final', text: 'Hello there', startMs: 0, endMs: 800, language: null },
  ]);
  expect(utterances.delta('Hello')).toEqual([]);
  expect(utterances.delta(' there')).toEqual([]);
  expect(utterances.delta(' again')).toEqual([{ type: 'partial', text: 'again', language: null }]);
});

it('commits at sentence ends while the vendor marks no segments, in Latin and CJK text', () => {
  const utterances = new DeltaUtterances();
  expect(utterances.delta('It costs 3.5 euros.')).toEqual([
    { type: 'partial', text: 'It costs 3.5 euros.', language: null },
  ]);
  expect(utterances.delta(' "Really?" she asked')).toEqual([
    { type: 'final', text: 'It costs 3.5 euros.', language: null },
    { type: 'final', text: '"Really?"', language: null },
    { type: 'partial', text: 'she asked', language: null },
  ]);
  const chinese = new DeltaUtterances();
  expect(chinese.delta('你好。」')).toEqual([{ type: 'partial', text: '你好。」', language: null }]);
  expect(chinese.delta('今天')).toEqual([
    { type: 'final', text: '你好。」', language: null },
    { type: 'partial', text: '今天', language: null },
  ]);
});

it('stops cutting at punctuation once the vendor marks segments, without repeating what was cut', () => {
  const utterances = new DeltaUtterances();
  utterances.delta('One. Two');
  expect(utterances.segment({ text: 'One. Two', startMs: 0, endMs: 1200 })).toEqual([
    { type: 'final', text: 'Two', endMs: 1200, language: null },
  ]);
  expect(utterances.delta(' three. Four')).toEqual([
    { type: 'partial', text: 'three. Four', language: null },
  ]);
});

it('makes only the uncommitted end of the done text the last final', () => {
  const utterances = new DeltaUtterances();
  utterances.delta('Hello there');
  utterances.segment({ text: 'Hello', startMs: 0, endMs: 400 });
  expect(utterances.done('Hello there friend', [])).toEqual([
    { type: 'final', text: 'there friend', language: null },
  ]);
});

it('keeps to the deltas when the done text does not extend them', () => {
  const utterances = new DeltaUtterances();
  utterances.delta('Hello there');
  utterances.segment({ text: 'Hello', startMs: 0, endMs: 400 });
  expect(utterances.done('Hi there', [])).toEqual([{ type: 'final', text: 'there', language: null }]);
});

it('times the rest of the session from the done segments, skipping what was committed', () => {
  const utterances = new DeltaUtterances();
  utterances.delta('One two. Three four');
  expect(
    utterances.done('One two. Three four', [
      { text: 'One', startMs: 0, endMs: 400 },
      { text: ' two. Three', startMs: 400, endMs: 1200 },
      { text: ' four', startMs: 1200, endMs: 1600 },
    ]),
  ).toEqual([
    { type: 'final', text: 'Three', endMs: 1200, language: null },
    { type: 'final', text: 'four', startMs: 1200, endMs: 1600, language: null },
  ]);
});

it('has nothing to add at the end when everything was committed', () => {
  const utterances = new DeltaUtterances();
  utterances.delta('All done');
  utterances.segment({ text: 'All done', startMs: 0, endMs: 800 });
  expect(utterances.done('All done', [])).toEqual([]);
  expect(new DeltaUtterances().done('', [])).toEqual([]);
});
