import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import { groqFakeApiKey, type GroqFakeOptions, startGroqFake } from '../../test/fakes/groq/server.ts';
import { readMultipartForm } from '../../test/fakes/multipartForm.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { ProviderError } from '../http/providerError.ts';
import { groqConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';
import { metadata } from './metadata.ts';

const speech = useSpeechFile('groq', 7_000);
const { durationMs } = speech;
const fakes: ProviderFake[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fake(options: GroqFakeOptions = {}): Promise<ProviderFake> {
  const started = await startGroqFake(options);
  fakes.push(started);
  return started;
}

function transcribe(
  server: ProviderFake,
  config: Record<string, unknown> = {},
  options: { languageHints?: string[]; signal?: AbortSignal; prompt?: string; vocabulary?: string[] } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    languageHints: options.languageHints,
    prompt: options.prompt,
    vocabulary: options.vocabulary,
    config: groqConfigSchema.parse({ apiKey: groqFakeApiKey, endpoint: server.baseUrl, ...config }),
    baseUrl: server.baseUrl,
    signal: options.signal,
  });
}

async function lastForm(server: ProviderFake): Promise<FormData> {
  const request = server.requests.at(-1);
  if (request === undefined) throw new Error('no request reached the fake');
  return readMultipartForm(request);
}

it('posts the WAV to /audio/transcriptions with a Bearer key, the default model and segment and word timestamps', async () => {
  const server = await fake();
  const { result, progress } = transcribe(server, {}, { languageHints: ['en', 'de'] });
  await result;
  const request = server.requests.at(-1);
  expect(`${request?.method} ${request?.url}`).toBe('POST /audio/transcriptions');
  expect(request?.headers.authorization).toBe(`Bearer ${groqFakeApiKey}`);
  const form = await lastForm(server);
  expect(form.get('model')).toBe('whisper-large-v3-turbo');
  expect(form.get('response_format')).toBe('verbose_json');
  expect(form.getAll('timestamp_granularities[]')).toEqual(['segment', 'word']);
  expect(form.get('language')).toBe('en');
  expect(form.has('prompt')).toBe(false);
  expect((form.get('file') as File).name).toBe('audio.wav');
  expect(progress.at(-2)).toEqual({
    phase: 'uploading',
    sentBytes: request?.body.length,
    totalBytes: request?.body.length,
  });
  expect(progress.at(-1)).toEqual({ phase: 'processing' });
});

it('sends the chosen model, and no language when there is no hint', async () => {
  const server = await fake();
  await transcribe(server, { model: 'whisper-large-v3' }).result;
  const form = await lastForm(server);
  expect(form.get('model')).toBe('whisper-large-v3');
  expect(form.has('language')).toBe(false);
});

it("sends the end of the prompt, starting at a word and within Whisper's prompt length", async () => {
  const server = await fake();
  await transcribe(server, {}, { prompt: 'Earshot keeps the transcript local.' }).result;
  expect((await lastForm(server)).get('prompt')).toBe('Earshot keeps the transcript local.');
  const long = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
  await transcribe(server, {}, { prompt: long }).result;
  const sent = (await lastForm(server)).get('prompt') as string;
  expect(sent.length).toBeLessThanOrEqual(800);
  expect(long.endsWith(sent)).toBe(true);
  expect(long.split(' ')).toContain(sent.split(' ')[0]);
});

it('sends the vocabulary at the start of the prompt, before the preceding text', async () => {
  const server = await fake();
  await transcribe(server, {}, { prompt: 'What was said before.', vocabulary: ['Earshot', 'Groq'] }).result;
  expect((await lastForm(server)).get('prompt')).toBe('Earshot, Groq. What was said before.');
});

it("turns Groq's seconds into milliseconds, its words into each segment's timed words, and its language name into a code", async () => {
  const server = await fake();
  const english = await transcribe(server).result;
  expect(english.language).toBe('en');
  expect(english.segments).toEqual(
    cannedSentences(durationMs).map((sentence) => ({
      text: sentence.text,
      startMs: sentence.words[0]?.startMs,
      endMs: sentence.words.at(-1)?.endMs,
      language: 'en',
      words: sentence.words.map((word) => ({ text: word.word, startMs: word.startMs, endMs: word.endMs })),
    })),
  );
  const german = await transcribe(server, {}, { languageHints: ['de'] }).result;
  expect(german.language).toBe('de');
});

it("fails permanently on a refused key with Groq's message and without the key", async () => {
  const server = await fake();
  const failure = await transcribe(server, { apiKey: 'gsk_wrong_key_123456' }).result.catch(
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ProviderError);
  expect(failure).toMatchObject({
    kind: 'permanent',
    status: 401,
    message: 'Groq refused the request (HTTP 401): Invalid API Key',
  });
  expect(server.requests).toHaveLength(1);
});

it('is refused with 413 above the file limit, which the job keeps chunks under', async () => {
  expect(metadata.fileLimits.maxBytes).toBeLessThanOrEqual(25 * 1024 * 1024);
  const server = await fake({ maxFileBytes: 100_000 });
  const failure = await transcribe(server).result.catch((error: unknown) => error);
  expect(failure).toMatchObject({
    kind: 'permanent',
    status: 413,
    message: 'Groq refused the request (HTTP 413): Request Entity Too Large',
  });
});

it('waits out a rate limit and tries again', async () => {
  const server = await fake();
  server.failNext(429, {
    body: { error: { message: 'Rate limit reached for model', type: 'tokens', code: 'rate_limit_exceeded' } },
  });
  const { segments } = await transcribe(server).result;
  expect(segments.length).toBeGreaterThan(0);
  expect(server.requests).toHaveLength(2);
});

it('stops at once when cancelled while Groq is still answering', async () => {
  const server = await fake();
  server.holdJobs(true);
  const controller = new AbortController();
  const outcome = transcribe(server, {}, { signal: controller.signal }).result.catch(
    (error: unknown) => error,
  );
  while (server.requests.length === 0) await sleep(5);
  controller.abort();
  expect(await outcome).toMatchObject({ kind: 'cancelled' });
  server.holdJobs(false);
});
