import { expect, it } from 'vitest';
import { SentenceFinals } from './sentenceFinals.ts';

it('shows the fast result as a partial and reports only the canonical one as final', () => {
  const sentences = new SentenceFinals();
  expect(sentences.add({ text: 'mera UPI payment', speechFinal: false, sentenceId: '1' })).toEqual({
    type: 'partial',
    text: 'mera UPI payment',
    language: null,
  });
  expect(
    sentences.add({ text: 'mera UPI payment fail ho gaya', speechFinal: false, sentenceId: '1' }),
  ).toEqual({
    type: 'partial',
    text: 'mera UPI payment fail ho gaya',
    language: null,
  });
  expect(
    sentences.add({
      text: 'Mera UPI payment fail ho gaya.',
      speechFinal: true,
      sentenceId: '1',
      startMs: 0,
      endMs: 2400,
      language: 'hi',
    }),
  ).toEqual({
    type: 'final',
    text: 'Mera UPI payment fail ho gaya.',
    startMs: 0,
    endMs: 2400,
    language: 'hi',
  });
  expect(sentences.end()).toEqual([]);
});

it('never reports a sentence twice, nor anything arriving for it after its final', () => {
  const sentences = new SentenceFinals();
  expect(sentences.add({ text: 'Hello.', speechFinal: true, sentenceId: '7' })).toMatchObject({
    type: 'final',
  });
  expect(sentences.add({ text: 'Hello!', speechFinal: true, sentenceId: '7' })).toBeUndefined();
  expect(sentences.add({ text: 'hello', speechFinal: false, sentenceId: '7' })).toBeUndefined();
  expect(sentences.end()).toEqual([]);
});

it('treats results without a sentence id as the sentence in progress', () => {
  const sentences = new SentenceFinals();
  sentences.add({ text: 'good', speechFinal: false });
  expect(sentences.add({ text: 'Good morning.', speechFinal: true })).toMatchObject({
    text: 'Good morning.',
  });
  expect(sentences.add({ text: 'Good evening.', speechFinal: true })).toMatchObject({
    text: 'Good evening.',
  });
  expect(sentences.end()).toEqual([]);
});

it('commits at the end the sentences whose canonical result never came, in order', () => {
  const sentences = new SentenceFinals();
  sentences.add({ text: 'first fast text', speechFinal: false, sentenceId: '1', startMs: 0, endMs: 800 });
  sentences.add({ text: 'second', speechFinal: false, sentenceId: '2', startMs: 1200, endMs: 1600 });
  sentences.add({ text: 'second words', speechFinal: false, sentenceId: '2', startMs: 1200, endMs: 2000 });
  expect(sentences.end()).toEqual([
    { type: 'final', text: 'first fast text', startMs: 0, endMs: 800, language: null },
    { type: 'final', text: 'second words', startMs: 1200, endMs: 2000, language: null },
  ]);
  expect(sentences.end()).toEqual([]);
});

it('reports no empty text, yet lets an empty canonical result close its sentence', () => {
  const sentences = new SentenceFinals();
  expect(sentences.add({ text: ' ', speechFinal: false, sentenceId: '1' })).toBeUndefined();
  sentences.add({ text: 'um', speechFinal: false, sentenceId: '1' });
  expect(sentences.add({ text: '', speechFinal: true, sentenceId: '1' })).toBeUndefined();
  expect(sentences.end()).toEqual([]);
});
