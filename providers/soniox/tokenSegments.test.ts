import { expect, it } from 'vitest';

import type { TranscriptToken } from './sonioxAnswers.ts';
import { segmentsFromTokens } from './tokenSegments.ts';

function token(text: string, startMs: number, extra: Partial<TranscriptToken> = {}): TranscriptToken {
  return { text, start_ms: startMs, end_ms: startMs + 100, ...extra };
}

it('joins sub-word tokens as they come and ends a segment at sentence punctuation', () => {
  expect(
    segmentsFromTokens([
      token('Hel', 0),
      token('lo', 100),
      token('.', 200),
      token(' Bye', 300),
      token('!', 400),
    ]),
  ).toEqual([
    {
      text: 'Hello.',
      startMs: 0,
      endMs: 300,
      speaker: null,
      language: null,
      words: [{ text: 'Hello.', startMs: 0, endMs: 300 }],
    },
    {
      text: 'Bye!',
      startMs: 300,
      endMs: 500,
      speaker: null,
      language: null,
      words: [{ text: 'Bye!', startMs: 300, endMs: 500 }],
    },
  ]);
});

it('starts a new segment when the speaker or language changes, or after a long pause', () => {
  const segments = segmentsFromTokens([
    token('One', 0, { speaker: '1', language: 'en' }),
    token(' two', 100, { speaker: '2', language: 'en' }),
    token(' drei', 200, { speaker: '2', language: 'de' }),
    token(' vier', 5_000, { speaker: '2', language: 'de' }),
  ]);
  expect(segments.map(({ text, speaker, language }) => [text, speaker, language])).toEqual([
    ['One', '1', 'en'],
    ['two', '2', 'en'],
    ['drei', '2', 'de'],
    ['vier', '2', 'de'],
  ]);
});

it('leaves out markers, audio events, translated tokens and anything without a time', () => {
  const segments = segmentsFromTokens([
    token('Yes', 0),
    token('<end>', 100),
    token(' [music]', 150, { is_audio_event: true }),
    { text: ' Oui', translation_status: 'translation' },
    token(' ', 300),
    { text: ' floating' },
  ]);
  expect(segments).toEqual([
    {
      text: 'Yes',
      startMs: 0,
      endMs: 400,
      speaker: null,
      language: null,
      words: [{ text: 'Yes', startMs: 0, endMs: 100 }],
    },
  ]);
});

it('never returns a segment without text', () => {
  expect(segmentsFromTokens([token(' ', 0), token('.', 100)])).toEqual([
    {
      text: '.',
      startMs: 0,
      endMs: 200,
      speaker: null,
      language: null,
      words: [{ text: '.', startMs: 100, endMs: 200 }],
    },
  ]);
  expect(segmentsFromTokens([token('  ', 0)])).toEqual([]);
});

it('makes words of the tokens, with their speaker and the least sure token’s confidence', () => {
  const [segment] = segmentsFromTokens([
    token('Good', 0, { speaker: '1', confidence: 0.9 }),
    token(' mor', 100, { speaker: '1', confidence: 0.6 }),
    token('ning', 200, { speaker: '1', confidence: 0.8 }),
    token('.', 300, { speaker: '1', confidence: 0.99 }),
  ]);
  expect(segment?.words).toEqual([
    { text: 'Good', startMs: 0, endMs: 100, speaker: '1', confidence: 0.9 },
    { text: 'morning.', startMs: 100, endMs: 400, speaker: '1', confidence: 0.6 },
  ]);
});
