import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import { deepgramFakeApiKey, startDeepgramFake } from '../../test/fakes/deepgram/server.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { ProviderError } from '../http/providerError.ts';
import { deepgramConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('deepgram', 5_000);
const { bytes: wav, durationMs } = speech;
let fake: ProviderFake;

beforeAll(async () => {
  fake = await startDeepgramFake();
});
afterAll(async () => {
  await fake.close();
});

function transcribe(
  options: {
    config?: Record<string, unknown>;
    hints?: string[];
    path?: string;
    signal?: AbortSignal;
    vocabulary?: string[];
  } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    wavPath: options.path,
    languageHints: options.hints,
    config: deepgramConfigSchema.parse({ apiKey: deepgramFakeApiKey, ...options.config }),
    baseUrl: fake.baseUrl,
    signal: options.signal,
    vocabulary: options.vocabulary,
  });
}

function lastRequest() {
  const request = fake.requests.at(-1);
  if (request === undefined) throw new Error('the fake saw no request');
  return { ...request, query: new URL(request.url, fake.baseUrl).searchParams };
}

it('posts the raw WAV to /v1/listen with a Token header and asks for utterances and detection', async () => {
  await transcribe().result;
  const request = lastRequest();
  expect(request.method).toBe('POST');
  expect(request.url.startsWith('/v1/listen?')).toBe(true);
  expect(request.headers.authorization).toBe(`Token ${deepgramFakeApiKey}`);
  expect(request.headers['content-type']).toBe('audio/wav');
  expect(request.body.equals(wav)).toBe(true);
  expect(Object.fromEntries(request.query)).toEqual({
    model: 'nova-3',
    punctuate: 'true',
    smart_format: 'true',
    utterances: 'true',
    detect_language: 'true',
  });
});

it('sends the chosen model and the first language hint instead of detection', async () => {
  await transcribe({ config: { model: 'nova-2' }, hints: ['es', 'en'] }).result;
  const { query } = lastRequest();
  expect(query.get('model')).toBe('nova-2');
  expect(query.get('language')).toBe('es');
  expect(query.has('detect_language')).toBe(false);
});

it('turns utterances timed in seconds into segments in whole milliseconds', async () => {
  const { segments, language } = await transcribe().result;
  const sentences = cannedSentences(durationMs);
  expect(segments).toHaveLength(sentences.length);
  segments.forEach((segment, index) => {
    const words = sentences[index]?.words ?? [];
    expect(segment.startMs).toBe(words[0]?.startMs);
    expect(segment.endMs).toBe(words.at(-1)?.endMs);
    expect(Number.isInteger(segment.startMs) && Number.isInteger(segment.endMs)).toBe(true);
    expect(segment.text.replace('.', '').toLowerCase()).toBe(sentences[index]?.text);
    expect(segment.language).toBe('en');
  });
  expect(language).toBe('en');
});

it('gives each segment its words as Deepgram timed them: punctuated, in ms, with their confidence', async () => {
  const { segments } = await transcribe().result;
  const sentences = cannedSentences(durationMs);
  segments.forEach((segment, index) => {
    const heard = sentences[index]?.words ?? [];
    expect(
      segment.words?.map((word) => [word.text.replace('.', '').toLowerCase(), word.startMs, word.endMs]),
    ).toEqual(heard.map((word) => [word.word, word.startMs, word.endMs]));
    expect(segment.words?.[0]).toMatchObject({
      text: expect.stringMatching(/^[A-Z]/) as string,
      confidence: 0.98,
    });
    expect(segment.words?.every((word) => word.speaker === undefined)).toBe(true);
  });
});

it('asks for diarize only when enableSpeakerDiarization is on, and puts the speakers on segments and words', async () => {
  await transcribe().result;
  expect(lastRequest().query.has('diarize')).toBe(false);
  const { segments } = await transcribe({ config: { enableSpeakerDiarization: true } }).result;
  expect(lastRequest().query.get('diarize')).toBe('true');
  expect(segments.length).toBeGreaterThan(1);
  segments.forEach((segment, index) => {
    expect(segment.speaker).toBe(String(index % 2));
    expect(segment.words?.every((word) => word.speaker === segment.speaker)).toBe(true);
  });
});

it('keeps speakers and drops empty utterances when Deepgram sends them', async () => {
  fake.failNext(200, {
    body: {
      results: {
        channels: [{}],
        utterances: [
          { start: 0.1, end: 1.25, transcript: 'Hello there.', speaker: 0 },
          { start: 1.3, end: 1.4, transcript: '  ' },
          { start: 1.5, end: 2.0049, transcript: 'Hi.', speaker: 1 },
        ],
      },
    },
  });
  const { segments, language } = await transcribe().result;
  expect(segments).toEqual([
    { text: 'Hello there.', startMs: 100, endMs: 1250, speaker: '0', language: null },
    { text: 'Hi.', startMs: 1500, endMs: 2005, speaker: '1', language: null },
  ]);
  expect(language).toBeUndefined();
});

it('reads utterances without the fields the SDK marks optional: times from their words or neighbours, none without text', async () => {
  fake.failNext(200, {
    body: {
      results: {
        channels: [{}],
        utterances: [
          {
            transcript: 'Hello there.',
            words: [
              { word: 'hello', start: 0.1, end: 0.5, punctuated_word: 'Hello' },
              { word: 'there', start: 0.6, end: 1.25, punctuated_word: 'there.' },
            ],
          },
          { start: 1.3, end: 1.4 },
          { transcript: 'Well.' },
          { start: 1.5, end: 2.0049, transcript: 'Hi.' },
        ],
      },
    },
  });
  const { segments } = await transcribe().result;
  expect(segments).toEqual([
    {
      text: 'Hello there.',
      startMs: 100,
      endMs: 1250,
      speaker: null,
      language: null,
      words: [
        { text: 'Hello', startMs: 100, endMs: 500 },
        { text: 'there.', startMs: 600, endMs: 1250 },
      ],
    },
    { text: 'Well.', startMs: 1250, endMs: 1500, speaker: null, language: null },
    { text: 'Hi.', startMs: 1500, endMs: 2005, speaker: null, language: null },
  ]);
});

it('makes sentences of the channel’s words when the answer has no utterances (optional in the SDK)', async () => {
  fake.failNext(200, {
    body: {
      results: {
        channels: [
          {
            detected_language: 'en',
            alternatives: [
              {
                transcript: 'Hello there. Hi.',
                words: [
                  { word: 'hello', start: 0.1, end: 0.5, punctuated_word: 'Hello' },
                  { word: 'there', start: 0.6, end: 1.25, punctuated_word: 'there.' },
                  { word: 'hi', start: 1.5, end: 2.0, punctuated_word: 'Hi.', speaker: 1 },
                ],
              },
            ],
          },
        ],
      },
    },
  });
  const { segments, language } = await transcribe().result;
  expect(segments).toEqual([
    {
      text: 'Hello there.',
      startMs: 100,
      endMs: 1250,
      speaker: null,
      language: 'en',
      words: [
        { text: 'Hello', startMs: 100, endMs: 500 },
        { text: 'there.', startMs: 600, endMs: 1250 },
      ],
    },
    {
      text: 'Hi.',
      startMs: 1500,
      endMs: 2000,
      speaker: '1',
      language: 'en',
      words: [{ text: 'Hi.', startMs: 1500, endMs: 2000, speaker: '1' }],
    },
  ]);
  expect(language).toBe('en');
});

it('reports an answer without results as a permanent error naming Deepgram', async () => {
  fake.failNext(200, { body: { metadata: {} } });
  await expect(transcribe().result).rejects.toMatchObject({
    kind: 'permanent',
    message: expect.stringMatching(/^Deepgram answered in an unexpected shape \(results/) as string,
  });
});

it('passes on Deepgram’s own message for audio it cannot decode, without retrying', async () => {
  const garbage = join(speech.folder, 'garbage.wav');
  writeFileSync(garbage, 'not audio at all');
  const before = fake.requests.length;
  await expect(transcribe({ path: garbage }).result).rejects.toMatchObject({
    kind: 'permanent',
    status: 400,
    message: expect.stringContaining('corrupt or unsupported data') as string,
  });
  expect(fake.requests.length - before).toBe(1);
});

it('refuses a wrong key with Deepgram’s 401 and never echoes the key', async () => {
  const failure = await transcribe({ config: { apiKey: 'dg-wrong-key-1234567' } }).result.catch(
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ProviderError);
  expect(failure).toMatchObject({ kind: 'permanent', status: 401 });
  expect((failure as Error).message).toContain('Invalid credentials.');
  expect((failure as Error).message).not.toContain('dg-wrong-key-1234567');
});

it('reports upload progress in real bytes, then processing', async () => {
  const { result, progress } = transcribe();
  await result;
  const uploads = progress.filter((event) => event.phase === 'uploading');
  expect(uploads.at(-1)).toEqual({ phase: 'uploading', sentBytes: wav.length, totalBytes: wav.length });
  expect(progress.at(-1)).toEqual({ phase: 'processing' });
});

it('stops waiting for a held answer the moment it is cancelled', async () => {
  fake.holdJobs(true);
  const controller = new AbortController();
  const before = fake.requests.length;
  const outcome = transcribe({ signal: controller.signal }).result.catch((error: unknown) => error);
  while (fake.requests.length === before) await sleep(5);
  controller.abort();
  expect(await outcome).toMatchObject({ kind: 'cancelled' });
  fake.holdJobs(false);
});

it('sends each vocabulary term as a keyterm to Nova-3, and as keywords to older models', async () => {
  await transcribe({ vocabulary: ['Earshot', 'Kelly Byrne-Donoghue'] }).result;
  expect(lastRequest().query.getAll('keyterm')).toEqual(['Earshot', 'Kelly Byrne-Donoghue']);
  await transcribe({ config: { model: 'nova-2' }, vocabulary: ['Earshot'] }).result;
  expect(lastRequest().query.getAll('keywords')).toEqual(['Earshot']);
  expect(lastRequest().query.has('keyterm')).toBe(false);
});

it('cuts a vocabulary longer than the 100 keyterms Deepgram takes instead of failing', async () => {
  const terms = Array.from({ length: 120 }, (_, index) => `term${index}`);
  await transcribe({ vocabulary: terms }).result;
  expect(lastRequest().query.getAll('keyterm')).toEqual(terms.slice(0, 100));
});
