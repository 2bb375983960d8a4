import { expect, it } from 'vitest';
import { ProviderError } from '../http/providerError.ts';
import { readTranscriptionAnswer, transcriptionResult } from './transcriptionResponse.ts';

it('turns verbose_json segments into whole-millisecond segments with the detected language', () => {
  const answer = readTranscriptionAnswer(
    {
      task: 'transcribe',
      language: 'English',
      duration: 4.2,
      text: ' Hello there. General Kenobi.',
      segments: [
        { id: 0, start: 0, end: 1.4996, text: ' Hello there.' },
        { id: 1, start: 1.5, end: 4.2, text: ' General Kenobi.' },
        { id: 2, start: 4.2, end: 4.2, text: '  ' },
      ],
    },
    'Acme',
  );
  expect(transcriptionResult(answer, 5_000)).toEqual({
    language: 'en',
    segments: [
      { text: 'Hello there.', startMs: 0, endMs: 1_500, language: 'en' },
      { text: 'General Kenobi.', startMs: 1_500, endMs: 4_200, language: 'en' },
    ],
  });
});

it('spans the whole audio with one segment when the answer has only text, and none when it is empty', () => {
  expect(transcriptionResult(readTranscriptionAnswer({ text: ' Local works. ' }, 'Acme'), 3_000)).toEqual({
    segments: [{ text: 'Local works.', startMs: 0, endMs: 3_000 }],
  });
  expect(transcriptionResult(readTranscriptionAnswer({ text: '', segments: [] }, 'Acme'), 3_000)).toEqual({
    segments: [],
  });
});

it('keeps speakers, never lets an end come before its start, and reads text through the given reader', () => {
  const answer = readTranscriptionAnswer(
    { text: 'x', segments: [{ start: 2, end: 1, text: '<b>Hi</b>', speaker: 0 }] },
    'Acme',
  );
  const result = transcriptionResult(answer, 3_000, (raw) => ({
    text: raw.replace(/<\/?b>/g, ''),
    language: 'de',
  }));
  expect(result).toEqual({
    language: 'de',
    segments: [{ text: 'Hi', startMs: 2_000, endMs: 2_000, speaker: '0', language: 'de' }],
  });
});

it('fails permanently, naming the vendor, on an answer of another shape', () => {
  const failure = (() => {
    try {
      return readTranscriptionAnswer({ result: { transcript: 'hi' } }, 'Acme');
    } catch (error) {
      return error;
    }
  })();
  expect(failure).toBeInstanceOf(ProviderError);
  expect(failure).toMatchObject({
    kind: 'permanent',
    message: 'Acme answered with a transcription in an unexpected shape.',
  });
});

it('takes the words once when a server lists them both in their segments and beside them', () => {
  const word = { word: ' Hi', start: 0.2, end: 0.5, probability: 0.9 };
  const answer = readTranscriptionAnswer(
    { text: 'Hi', segments: [{ start: 0, end: 1, text: ' Hi', words: [word] }], words: [word] },
    'Acme',
  );
  expect(transcriptionResult(answer, 1_000).segments).toEqual([
    {
      text: 'Hi',
      startMs: 0,
      endMs: 1_000,
      words: [{ text: 'Hi', startMs: 200, endMs: 500, confidence: 0.9 }],
    },
  ]);
});
