import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { cannedSentences, cannedText } from '../../test/fakes/cannedSpeech.ts';
import { type FunasrFakeOptions, startFunasrFake } from '../../test/fakes/funasr/server.ts';
import { readMultipartForm } from '../../test/fakes/multipartForm.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { ProviderError } from '../http/providerError.ts';
import { type FunasrConfig, funasrConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('funasr', 9_000);
const { durationMs } = speech;
const fakes: ProviderFake[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fake(options: FunasrFakeOptions = {}): Promise<ProviderFake> {
  const started = await startFunasrFake(options);
  fakes.push(started);
  return started;
}

function transcribe(
  server: ProviderFake,
  config: Record<string, unknown> = {},
  options: { languageHints?: string[]; signal?: AbortSignal; parsedConfig?: FunasrConfig } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    languageHints: options.languageHints,
    config: options.parsedConfig ?? funasrConfigSchema.parse({ baseUrl: server.baseUrl, ...config }),
    baseUrl: server.baseUrl,
    signal: options.signal,
  });
}

async function lastForm(server: ProviderFake): Promise<FormData> {
  const request = server.requests.at(-1);
  if (request === undefined) throw new Error('no request reached the fake');
  return readMultipartForm(request);
}

it('posts the WAV with the default model, verbose_json and the first hint, without credentials', async () => {
  const server = await fake();
  const { result, progress } = transcribe(server, {}, { languageHints: ['zh', 'en'] });
  await result;
  const request = server.requests.at(-1);
  expect(`${request?.method} ${request?.url}`).toBe('POST /v1/audio/transcriptions');
  expect(request?.headers.authorization).toBeUndefined();
  const form = await lastForm(server);
  expect(form.get('model')).toBe('sensevoice');
  expect(form.get('response_format')).toBe('verbose_json');
  expect(form.get('language')).toBe('zh');
  expect((form.get('file') as File).name).toBe('audio.wav');
  expect(progress.at(-2)).toEqual({
    phase: 'uploading',
    sentBytes: request?.body.length,
    totalBytes: request?.body.length,
  });
  expect(progress.at(-1)).toEqual({ phase: 'processing' });
});

it('lets the server detect the language when there is no hint, and sends the chosen model', async () => {
  const server = await fake();
  await transcribe(server, { model: 'fun-asr-nano' }).result;
  const form = await lastForm(server);
  expect(form.get('model')).toBe('fun-asr-nano');
  expect(form.has('language')).toBe(false);
});

it('gives SenseVoice text without timestamps as one segment over the audio, with no guessed language', async () => {
  const server = await fake();
  const result = await transcribe(server, {}, { languageHints: ['en'] }).result;
  expect(result).toEqual({ segments: [{ text: cannedText(durationMs), startMs: 0, endMs: durationMs }] });
});

it.each([
  ["Paraformer's sentence timestamps (seconds)", 'paraformer', {}, false],
  [
    "funasr-server's Fun-ASR-Nano segments, with the timed words nested in them,",
    'fun-asr-nano',
    { funasrServer: true },
    true,
  ],
] as const)('turns %s into millisecond segments', async (_what, model, options, timedWords) => {
  const server = await fake(options);
  const { segments } = await transcribe(server, { model }).result;
  expect(segments).toEqual(
    cannedSentences(durationMs).map((sentence) => ({
      text: sentence.text,
      startMs: sentence.words[0]?.startMs,
      endMs: sentence.words.at(-1)?.endMs,
      ...(timedWords && {
        words: sentence.words.map((word) => ({ text: word.word, startMs: word.startMs, endMs: word.endMs })),
      }),
    })),
  );
});

it('strips SenseVoice tags a server left in, keeping the language tag as the language', async () => {
  const server = await fake({ keepSenseVoiceTags: true });
  const result = await transcribe(server, {}, { languageHints: ['ja'] }).result;
  expect(result).toEqual({
    language: 'ja',
    segments: [{ text: cannedText(durationMs), startMs: 0, endMs: durationMs, language: 'ja' }],
  });
});

it('keeps the language funasr-server detected when none was asked for', async () => {
  const server = await fake({ funasrServer: true });
  const result = await transcribe(server).result;
  expect(result).toEqual({
    language: 'en',
    segments: [
      // The server cuts untimed text into pieces of at most 80 characters, timed by their length.
      {
        text: 'the quick brown fox jumps over the lazy dog while seven bright engineers review',
        startMs: 0,
        endMs: 5_876,
        language: 'en',
      },
      {
        text: 'the quarterly budget and agree on the next',
        startMs: 5_876,
        endMs: durationMs,
        language: 'en',
      },
    ],
  });
});

it('reports no language when funasr-server says "unknown", or only echoes the one asked for', async () => {
  const server = await fake({ funasrServer: true });
  expect((await transcribe(server, { model: 'paraformer' }).result).language).toBeUndefined();
  const hinted = await transcribe(server, {}, { languageHints: ['en'] }).result;
  expect(hinted.language).toBeUndefined();
  expect(hinted.segments.every((segment) => segment.language === undefined)).toBe(true);
});

it('sends sensevoice for a stored paraformer-en, which the server itself refuses', async () => {
  const server = await fake();
  await transcribe(server, { model: 'paraformer-en' }).result;
  expect((await lastForm(server)).get('model')).toBe('sensevoice');

  const unparsed = {
    baseUrl: server.baseUrl,
    model: 'paraformer-en',
    languageHints: [],
  } as unknown as FunasrConfig;
  const failure = await transcribe(server, {}, { parsedConfig: unparsed }).result.catch(
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ProviderError);
  expect(failure).toMatchObject({ kind: 'permanent', status: 400 });
  expect((failure as Error).message).toContain(
    `FunASR server ${server.baseUrl} refused the request (HTTP 400): Model 'paraformer-en' not found.`,
  );
});

it('fails permanently, naming the server, when the answer is not a transcription', async () => {
  const server = await fake();
  server.failNext(200, { path: /transcriptions/, body: { detail: 'ok', result: [] } });
  const failure = await transcribe(server).result.catch((error: unknown) => error);
  expect(failure).toMatchObject({
    kind: 'permanent',
    message: `FunASR server ${server.baseUrl} answered with a transcription in an unexpected shape.`,
  });
});

it('stops at once when cancelled while the server is still recognising', async () => {
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
