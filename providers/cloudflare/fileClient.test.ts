import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import {
  cloudflareFakeAccountId,
  cloudflareFakeApiToken,
  startCloudflareFake,
} from '../../test/fakes/cloudflare/server.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { cloudflareConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('cloudflare', 4_000);
const { bytes: wav, durationMs } = speech;
let fake: ProviderFake;

beforeAll(async () => {
  fake = await startCloudflareFake();
});
afterAll(async () => {
  await fake.close();
});

function transcribe(
  options: {
    config?: Record<string, unknown>;
    hints?: string[];
    signal?: AbortSignal;
    vocabulary?: string[];
  } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    vocabulary: options.vocabulary,
    languageHints: options.hints,
    config: cloudflareConfigSchema.parse({
      apiToken: cloudflareFakeApiToken,
      accountId: cloudflareFakeAccountId,
      ...options.config,
    }),
    baseUrl: fake.baseUrl,
    signal: options.signal,
  });
}

function lastRequest() {
  const request = fake.requests.at(-1);
  if (request === undefined) throw new Error('the fake saw no request');
  return request;
}

it('runs the turbo model with a Bearer token, the model id in the path and base64 audio in JSON', async () => {
  await transcribe({ hints: ['fr', 'en'] }).result;
  const request = lastRequest();
  expect(request.url).toBe(
    `/client/v4/accounts/${cloudflareFakeAccountId}/ai/run/@cf/openai/whisper-large-v3-turbo`,
  );
  expect(request.headers.authorization).toBe(`Bearer ${cloudflareFakeApiToken}`);
  expect(request.headers['content-type']).toBe('application/json');
  const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
  expect(Buffer.from(body.audio as string, 'base64').equals(wav)).toBe(true);
  expect({ ...body, audio: undefined }).toEqual({
    audio: undefined,
    task: 'transcribe',
    vad_filter: true,
    condition_on_previous_text: false,
    language: 'fr',
  });
});

it('sends the turbo model the vocabulary as its initial_prompt', async () => {
  await transcribe({ vocabulary: ['Workers AI', 'Earshot'] }).result;
  const body = JSON.parse(lastRequest().body.toString('utf8')) as Record<string, unknown>;
  expect(body.initial_prompt).toBe('Workers AI, Earshot.');
});

it('lets Whisper detect the language when there is no hint', async () => {
  const { language } = await transcribe().result;
  const body = JSON.parse(lastRequest().body.toString('utf8')) as Record<string, unknown>;
  expect(body).not.toHaveProperty('language');
  expect(language).toBe('en');
});

it('sends the base model the raw WAV, as that model documents', async () => {
  await transcribe({ config: { model: '@cf/openai/whisper' }, hints: ['fr'] }).result;
  const request = lastRequest();
  expect(request.url.endsWith('/ai/run/@cf/openai/whisper')).toBe(true);
  expect(request.headers['content-type']).toBe('application/octet-stream');
  expect(request.body.equals(wav)).toBe(true);
});

it('reads turbo segments in seconds as trimmed millisecond segments', async () => {
  const { segments } = await transcribe({ hints: ['en'] }).result;
  const sentences = cannedSentences(durationMs);
  expect(segments.map((segment) => [segment.startMs, segment.endMs, segment.language])).toEqual(
    sentences.map((sentence) => [sentence.words[0]?.startMs, sentence.words.at(-1)?.endMs, 'en']),
  );
  expect(segments[0]?.text).toBe('The quick brown fox jumps over the lazy.');
});

it('gives each turbo segment its words as Whisper timed them, in ms, without speakers', async () => {
  const { segments } = await transcribe({ hints: ['en'] }).result;
  const sentences = cannedSentences(durationMs);
  segments.forEach((segment, index) => {
    expect(segment.words).toEqual(
      (sentences[index]?.words ?? []).map((word, position, all) => ({
        text: position === all.length - 1 ? `${word.word}.` : word.word,
        startMs: word.startMs,
        endMs: word.endMs,
      })),
    );
  });
});

it('keeps the base model’s words on the sentences made of them', async () => {
  const { segments } = await transcribe({ config: { model: '@cf/openai/whisper' } }).result;
  const sentences = cannedSentences(durationMs);
  expect(
    segments.map((segment) =>
      segment.words?.map((word) => [word.text.replace('.', ''), word.startMs, word.endMs]),
    ),
  ).toEqual(sentences.map((sentence) => sentence.words.map((word) => [word.word, word.startMs, word.endMs])));
});

it('groups the base model’s words into sentence segments', async () => {
  const { segments, language } = await transcribe({ config: { model: '@cf/openai/whisper' } }).result;
  const sentences = cannedSentences(durationMs);
  expect(segments.map((segment) => segment.text.replace('.', '').toLowerCase())).toEqual(
    sentences.map((sentence) => sentence.text),
  );
  expect(segments[0]).toMatchObject({ startMs: 0, endMs: sentences[0]?.words.at(-1)?.endMs, language: null });
  expect(language).toBeUndefined();
});

it('treats success: false as a permanent failure with Cloudflare’s message and code', async () => {
  fake.failNext(200, {
    body: { result: null, success: false, errors: [{ code: 3010, message: 'Bad input' }] },
  });
  await expect(transcribe().result).rejects.toMatchObject({
    kind: 'permanent',
    message: 'Cloudflare could not transcribe the audio: Bad input (code 3010)',
  });
});

it('reports an unknown account with Cloudflare’s routing message, the account id redacted', async () => {
  const otherAccount = 'ffffffffffffffffffffffffffffffff';
  const failure = await transcribe({ config: { accountId: otherAccount } }).result.catch(
    (error: unknown) => error,
  );
  expect(failure).toMatchObject({ kind: 'permanent', status: 400 });
  expect((failure as Error).message).toContain('perhaps your object identifier is invalid?');
  expect((failure as Error).message).not.toContain(otherAccount);
});

it('refuses a wrong token with 401 and code 10000', async () => {
  const failure = await transcribe({ config: { apiToken: 'cf-wrong-token-4242' } }).result.catch(
    (error: unknown) => error,
  );
  expect(failure).toMatchObject({ kind: 'permanent', status: 401 });
  expect((failure as Error).message).toBe('Cloudflare refused the request (HTTP 401): Authentication error');
});

it('the fake refuses a body over 25 MB with 413 and code 3006', async () => {
  const response = await fetch(
    `${fake.baseUrl}/accounts/${cloudflareFakeAccountId}/ai/run/@cf/openai/whisper-large-v3-turbo`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${cloudflareFakeApiToken}`,
        'content-type': 'application/octet-stream',
      },
      body: Buffer.alloc(25_000_001),
    },
  );
  expect(response.status).toBe(413);
  expect(await response.json()).toMatchObject({ success: false, errors: [{ code: 3006 }] });
});

it('skips turbo segments without text and places untimed ones, as the Workers AI types make every segment field optional', async () => {
  fake.failNext(200, {
    body: {
      result: {
        text: 'Hello there. How are you?',
        word_count: 5,
        segments: [
          {
            start: 0.2,
            end: 1.2,
            text: ' Hello there.',
            avg_logprob: -0.2,
            words: [
              { word: 'Hello', start: 0.2, end: 0.6 },
              { word: 'there.', start: 0.7 },
              { start: 0.9, end: 1 },
            ],
          },
          { start: 1.2, end: 1.6, no_speech_prob: 0.9 },
          { text: ' How are you?' },
        ],
        transcription_info: { language: 'en', language_probability: 0.98, duration: 4 },
      },
      success: true,
      errors: [],
      messages: [],
    },
  });
  expect(await transcribe().result).toEqual({
    segments: [
      {
        text: 'Hello there.',
        startMs: 200,
        endMs: 1200,
        language: 'en',
        words: [{ text: 'Hello', startMs: 200, endMs: 600 }],
      },
      { text: 'How are you?', startMs: 1200, endMs: durationMs, language: 'en' },
    ],
    language: 'en',
  });
});

it('skips base-model words without text and places untimed ones among their neighbours', async () => {
  fake.failNext(200, {
    body: {
      result: {
        text: 'Hello there.',
        word_count: 2,
        words: [{ word: 'Hello', start: 0.1, end: 0.5 }, { start: 0.5, end: 0.6 }, { word: 'there.' }],
      },
      success: true,
      errors: [],
      messages: [],
    },
  });
  expect((await transcribe({ config: { model: '@cf/openai/whisper' } }).result).segments).toEqual([
    {
      text: 'Hello there.',
      startMs: 100,
      endMs: durationMs,
      speaker: null,
      language: null,
      // "there." was placed, not timed by Whisper: it is in the text, not among the words.
      words: [{ text: 'Hello', startMs: 100, endMs: 500 }],
    },
  ]);
});

it('keeps a result with text but neither segments nor words as one segment over the audio', async () => {
  fake.failNext(200, { body: { result: { text: ' Hi. ' }, success: true, errors: [], messages: [] } });
  expect(await transcribe().result).toEqual({
    segments: [{ text: 'Hi.', startMs: 0, endMs: durationMs, language: null }],
  });
});

it('reports an envelope without the expected result as a permanent error naming Cloudflare', async () => {
  fake.failNext(200, { body: { result: { transcript: 'hi' }, success: true, errors: [] } });
  await expect(transcribe().result).rejects.toMatchObject({
    kind: 'permanent',
    message: expect.stringContaining('Cloudflare answered in an unexpected shape') as string,
  });
});

it('reports progress over the whole JSON body, then processing', async () => {
  const { result, progress } = transcribe();
  await result;
  const sent = lastRequest().body.length;
  expect(progress.filter((event) => event.phase === 'uploading').at(-1)).toEqual({
    phase: 'uploading',
    sentBytes: sent,
    totalBytes: sent,
  });
  expect(progress.at(-1)).toEqual({ phase: 'processing' });
});

it('stops waiting for a held answer when cancelled', async () => {
  fake.holdJobs(true);
  const controller = new AbortController();
  const before = fake.requests.length;
  const outcome = transcribe({ signal: controller.signal }).result.catch((error: unknown) => error);
  while (fake.requests.length === before) await sleep(5);
  controller.abort();
  expect(await outcome).toMatchObject({ kind: 'cancelled' });
  fake.holdJobs(false);
});
