import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';

import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import { elevenLabsFakeApiKey, startElevenLabsFake } from '../../test/fakes/elevenlabs/server.ts';
import type { RecordedRequest } from '../../test/fakes/fakeHttpServer.ts';
import { formFileBytes, readMultipartForm } from '../../test/fakes/multipartForm.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { silentWav } from '../../test/fakes/wavAudio.ts';
import type { FileTranscriptionProgress } from '../contract.ts';
import { elevenLabsConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('elevenlabs', 6_000);
const { bytes: wav, durationMs } = speech;
let fake: ProviderFake;

beforeEach(async () => {
  fake = await startElevenLabsFake({ maxFileBytes: 1_000_000 });
});
afterEach(() => fake.close());

function transcribe(
  options: {
    config?: Record<string, unknown>;
    languageHints?: string[];
    path?: string;
    signal?: AbortSignal;
    onProgress?: (progress: FileTranscriptionProgress) => void;
    vocabulary?: string[];
  } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    vocabulary: options.vocabulary,
    wavPath: options.path,
    languageHints: options.languageHints ?? ['en', 'fr'],
    config: elevenLabsConfigSchema.parse({ apiKey: elevenLabsFakeApiKey, ...options.config }),
    baseUrl: fake.baseUrl,
    signal: options.signal,
    onProgress: options.onProgress,
  }).result;
}

async function sentForm(): Promise<FormData> {
  return readMultipartForm(fake.requests.at(-1) as RecordedRequest);
}

it('sends the vocabulary as repeated keyterms fields, leaving out what Scribe refuses', async () => {
  await transcribe({
    vocabulary: ['ElevenLabs', 'Kelly Byrne-Donoghue', '<tag>', 'one two three four five six'],
  });
  expect((await sentForm()).getAll('keyterms')).toEqual(['ElevenLabs', 'Kelly Byrne-Donoghue']);
});

it('posts the WAV to /v1/speech-to-text with the key in xi-api-key and the batch model', async () => {
  await transcribe({ config: { model: 'scribe_v2_realtime' } });
  const [request] = fake.requests;
  expect(request?.url).toBe('/v1/speech-to-text');
  expect(request?.headers['xi-api-key']).toBe(elevenLabsFakeApiKey);
  expect(request?.headers.authorization).toBeUndefined();
  const form = await sentForm();
  expect(await formFileBytes(form, 'file')).toEqual(wav);
  expect(Object.fromEntries([...form].filter(([name]) => name !== 'file'))).toEqual({
    model_id: 'scribe_v2',
    language_code: 'en',
    timestamps_granularity: 'word',
    tag_audio_events: 'false',
  });
});

it('leaves out language_code without hints so that Scribe detects the language', async () => {
  await transcribe({ languageHints: [] });
  expect((await sentForm()).has('language_code')).toBe(false);
});

it('cuts the timed words into sentence segments in milliseconds, each with its words', async () => {
  const result = await transcribe({ languageHints: ['es'] });
  expect(result).toEqual({
    segments: cannedSentences(durationMs).map((sentence) => ({
      text: `${sentence.text[0]?.toUpperCase()}${sentence.text.slice(1)}.`,
      startMs: sentence.words[0]?.startMs,
      endMs: sentence.words.at(-1)?.endMs,
      words: sentence.words.map((word, index) => ({
        text: scribeSpelling(word.word, index, sentence.words.length),
        startMs: word.startMs,
        endMs: word.endMs,
        confidence: Math.exp(-0.05),
      })),
    })),
    language: 'es',
  });
  expect((await sentForm()).has('diarize')).toBe(false);
});

it('asks for diarize only when enableSpeakerDiarization is set, and labels segments and words by speaker', async () => {
  const { segments } = await transcribe({ config: { enableSpeakerDiarization: true } });
  expect((await sentForm()).get('diarize')).toBe('true');
  const sentences = cannedSentences(durationMs);
  expect(segments).toHaveLength(sentences.length);
  segments.forEach((segment, index) => {
    const speaker = `speaker_${index % 2}`;
    expect(segment.speaker).toBe(speaker);
    expect(segment.words?.map((word) => word.speaker)).toEqual(sentences[index]?.words.map(() => speaker));
  });
});

/** The fake capitalises each sentence and ends it with a full stop. */
function scribeSpelling(word: string, index: number, count: number): string {
  const spelled = index === 0 ? `${word[0]?.toUpperCase()}${word.slice(1)}` : word;
  return index === count - 1 ? `${spelled}.` : spelled;
}

it('keeps a transcript without word timings as one segment over the whole audio', async () => {
  fake.failNext(200, { body: { language_code: 'en', text: ' Hello there. ', words: [] } });
  expect(await transcribe()).toEqual({
    segments: [{ text: 'Hello there.', startMs: 0, endMs: durationMs }],
    language: 'en',
  });
  fake.failNext(200, { body: { language_code: 'en', text: '  ', words: [] } });
  expect((await transcribe()).segments).toEqual([]);
});

it('reports the real upload bytes and then that ElevenLabs is transcribing', async () => {
  const progress: FileTranscriptionProgress[] = [];
  await transcribe({ onProgress: (event) => progress.push(event) });
  const sentLength = Number(fake.requests[0]?.headers['content-length']);
  expect(progress.slice(-2)).toEqual([
    { phase: 'uploading', sentBytes: sentLength, totalBytes: sentLength },
    { phase: 'processing' },
  ]);
});

it("fails permanently with the message from ElevenLabs' detail body", async () => {
  const notAudio = join(speech.folder, 'not-audio.wav');
  writeFileSync(notAudio, 'plain text');
  await expect(transcribe({ path: notAudio })).rejects.toMatchObject({
    kind: 'permanent',
    status: 400,
    message: 'ElevenLabs refused the request (HTTP 400): The audio file could not be decoded.',
  });
  const large = join(speech.folder, 'large.wav');
  writeFileSync(large, silentWav(40_000));
  await expect(transcribe({ path: large })).rejects.toMatchObject({ kind: 'permanent', status: 413 });
});

it('names ElevenLabs when the answer has an unexpected shape', async () => {
  fake.failNext(200, { body: { transcript: 'no text field' } });
  await expect(transcribe()).rejects.toMatchObject({
    kind: 'permanent',
    message: 'ElevenLabs answered in an unexpected shape.',
  });
});
