import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import { startFakeHttpServer } from '../../test/fakes/fakeHttpServer.ts';
import { readMultipartForm } from '../../test/fakes/multipartForm.ts';
import {
  defaultInstalledModel,
  type OpenAiCompatibleFake,
  startOpenAiCompatibleFake,
} from '../../test/fakes/openai-compatible/server.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { ProviderError } from '../http/providerError.ts';
import { openAiCompatibleConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('openai-compatible', 8_000);
const { durationMs } = speech;
const fakes: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fake(
  options: Parameters<typeof startOpenAiCompatibleFake>[0] = {},
): Promise<OpenAiCompatibleFake> {
  const started = await startOpenAiCompatibleFake(options);
  fakes.push(started);
  return started;
}

function transcribe(
  baseUrl: string,
  config: Record<string, unknown>,
  options: { languageHints?: string[]; signal?: AbortSignal; prompt?: string; vocabulary?: string[] } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    languageHints: options.languageHints,
    prompt: options.prompt,
    vocabulary: options.vocabulary,
    config: openAiCompatibleConfigSchema.parse({ baseUrl, model: defaultInstalledModel, ...config }),
    baseUrl,
    signal: options.signal,
  });
}

async function lastForm(server: OpenAiCompatibleFake): Promise<FormData> {
  const request = server.requests.at(-1);
  if (request === undefined) throw new Error('no request reached the fake');
  return readMultipartForm(request);
}

it('posts the WAV with the model, verbose_json, segment and word timestamps and the first language hint', async () => {
  const server = await fake();
  const { result, progress } = transcribe(server.baseUrl, {}, { languageHints: ['de', 'en'] });
  await result;
  const request = server.requests.at(-1);
  expect(request?.method).toBe('POST');
  expect(request?.url).toBe('/v1/audio/transcriptions');
  expect(request?.headers.authorization).toBeUndefined();
  const form = await lastForm(server);
  expect(form.get('model')).toBe(defaultInstalledModel);
  expect(form.get('response_format')).toBe('verbose_json');
  expect(form.getAll('timestamp_granularities[]')).toEqual(['segment', 'word']);
  expect(form.get('language')).toBe('de');
  expect(form.has('prompt')).toBe(false);
  const file = form.get('file');
  expect(file).toBeInstanceOf(File);
  expect((file as File).name).toBe('audio.wav');
  expect((file as File).type).toBe('audio/wav');
  const uploads = progress.filter((event) => event.phase === 'uploading');
  expect(uploads.at(-1)).toEqual({
    phase: 'uploading',
    sentBytes: request?.body.length,
    totalBytes: request?.body.length,
  });
  expect(progress.at(-1)).toEqual({ phase: 'processing' });
});

it('leaves the language out when there is no hint, so the server detects it', async () => {
  const server = await fake();
  await transcribe(server.baseUrl, {}).result;
  expect((await lastForm(server)).has('language')).toBe(false);
});

it('sends the configured key as a Bearer token, and a trailing slash on baseUrl does no harm', async () => {
  const server = await fake({ apiKey: 'local-key-123' });
  await transcribe(`${server.baseUrl}/`, { apiKey: 'local-key-123' }).result;
  expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer local-key-123');
  expect(server.requests.at(-1)?.url).toBe('/v1/audio/transcriptions');
});

it.each([
  ['listed beside the segments, as OpenAI does', false, {}],
  [
    'nested in their segments with their probability, as faster-whisper-based servers do',
    true,
    { confidence: 0.87 },
  ],
] as const)(
  'parses segments and their timed words (%s) into milliseconds and maps the named language to its code',
  async (_shape, wordsInSegments, confidence) => {
    const server = await fake({ wordsInSegments });
    const { segments, language } = await transcribe(server.baseUrl, {}).result;
    expect(language).toBe('en');
    expect(segments).toEqual(
      cannedSentences(durationMs).map((sentence) => ({
        text: sentence.text,
        startMs: sentence.words[0]?.startMs,
        endMs: sentence.words.at(-1)?.endMs,
        language: 'en',
        words: sentence.words.map((word) => ({
          text: word.word,
          startMs: word.startMs,
          endMs: word.endMs,
          ...confidence,
        })),
      })),
    );
  },
);

it('sends the prompt as a form field', async () => {
  const server = await fake();
  await transcribe(server.baseUrl, {}, { prompt: ' The committed text so far. ' }).result;
  expect((await lastForm(server)).get('prompt')).toBe('The committed text so far.');
});

it('sends the vocabulary as the prompt when there is no preceding text', async () => {
  const server = await fake();
  await transcribe(server.baseUrl, {}, { vocabulary: ['Earshot', 'Kelly Byrne-Donoghue'] }).result;
  expect((await lastForm(server)).get('prompt')).toBe('Earshot, Kelly Byrne-Donoghue.');
});

it('asks once more for segment times only when a server refuses word timestamps', async () => {
  const segmentsOnly = await startFakeHttpServer(async (request) => {
    const form = await readMultipartForm(request);
    if (form.getAll('timestamp_granularities[]').includes('word')) {
      return { status: 422, body: { detail: [{ msg: "Input should be 'segment'" }] } };
    }
    return { body: { text: ' Hello there.', segments: [{ start: 0, end: 1.5, text: ' Hello there.' }] } };
  });
  fakes.push(segmentsOnly);
  const { segments } = await transcribe(segmentsOnly.baseUrl, {}).result;
  expect(segments).toEqual([{ text: 'Hello there.', startMs: 0, endMs: 1_500 }]);
  expect(segmentsOnly.requests).toHaveLength(2);
});

it('fails permanently with the server message when the key is refused or the model is not installed', async () => {
  const server = await fake({ apiKey: 'right-key-123' });
  const refused = await transcribe(server.baseUrl, { apiKey: 'wrong-key-456' }).result.catch(
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(ProviderError);
  expect(refused).toMatchObject({ kind: 'permanent', status: 401 });
  expect((refused as Error).message).toContain(
    `OpenAI-compatible server ${server.baseUrl} refused the request`,
  );
  expect((refused as Error).message).not.toContain('wrong-key-456');

  const missing = await transcribe(server.baseUrl, {
    apiKey: 'right-key-123',
    model: 'whisper-9',
  }).result.catch((error: unknown) => error);
  expect(missing).toMatchObject({ kind: 'permanent', status: 404 });
  expect((missing as Error).message).toContain("The model 'whisper-9' does not exist");
});

it('fails permanently, naming the server, when the answer is not a transcription', async () => {
  const odd = await startFakeHttpServer(() => ({ body: { result: { transcript: 'hello' } } }));
  fakes.push(odd);
  const failure = await transcribe(odd.baseUrl, {}).result.catch((error: unknown) => error);
  expect(failure).toMatchObject({
    kind: 'permanent',
    message: `OpenAI-compatible server ${odd.baseUrl} answered with a transcription in an unexpected shape.`,
  });
});

it('stops at once when cancelled while the server is still recognising', async () => {
  const server = await fake();
  server.holdJobs(true);
  const controller = new AbortController();
  const outcome = transcribe(server.baseUrl, {}, { signal: controller.signal }).result.catch(
    (error: unknown) => error,
  );
  while (server.requests.length === 0) await sleep(5);
  controller.abort();
  expect(await outcome).toMatchObject({ kind: 'cancelled' });
  server.holdJobs(false);
  expect(server.requests).toHaveLength(1);
});
