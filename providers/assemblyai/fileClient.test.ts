import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  assemblyAiFakeApiKey,
  type AssemblyAiFake,
  startAssemblyAiFake,
} from '../../test/fakes/assemblyai/server.ts';
import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import type { RecordedRequest } from '../../test/fakes/fakeHttpServer.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import type { FileTranscriptionProgress } from '../contract.ts';
import { ProviderError } from '../http/providerError.ts';
import { assemblyAiConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('assemblyai', 4_000);
const { bytes: wav, durationMs } = speech;
let fake: AssemblyAiFake;
let firstRequest: number;

beforeAll(async () => {
  fake = await startAssemblyAiFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  firstRequest = fake.requests.length;
});

function transcribe(
  options: { config?: Record<string, unknown>; hints?: string[]; path?: string; signal?: AbortSignal } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    wavPath: options.path,
    languageHints: options.hints,
    config: assemblyAiConfigSchema.parse({ apiKey: assemblyAiFakeApiKey, ...options.config }),
    baseUrl: fake.baseUrl,
    signal: options.signal,
  });
}

/** What this test sent, as "METHOD /path". */
function calls(): string[] {
  return fake.requests
    .slice(firstRequest)
    .map((request) => `${request.method} ${request.url.replace(/[0-9a-f-]{36}/, '{id}')}`);
}

function sent(method: string, path: string): RecordedRequest {
  const request = fake.requests
    .slice(firstRequest)
    .find((candidate) => candidate.method === method && candidate.url === path);
  if (request === undefined) throw new Error(`no ${method} ${path}`);
  return request;
}

it('uploads, creates, polls and then deletes the transcript, with the bare key as Authorization', async () => {
  await transcribe().result;
  expect(calls()).toEqual([
    'POST /v2/upload',
    'POST /v2/transcript',
    'GET /v2/transcript/{id}',
    'GET /v2/transcript/{id}',
    'DELETE /v2/transcript/{id}',
  ]);
  for (const request of fake.requests.slice(firstRequest)) {
    expect(request.headers.authorization).toBe(assemblyAiFakeApiKey);
  }
  const upload = sent('POST', '/v2/upload');
  expect(upload.headers['content-type']).toBe('application/octet-stream');
  expect(upload.body.equals(wav)).toBe(true);
  expect(fake.remoteObjectCount()).toBe(0);
  expect(fake.unusedUploadCount()).toBe(0);
});

it('asks for language detection without hints, and never sends the streaming model to the async API', async () => {
  await transcribe({ config: { model: 'universal-streaming-english' } }).result;
  const job = JSON.parse(sent('POST', '/v2/transcript').body.toString('utf8')) as Record<string, unknown>;
  expect(job).toEqual({
    audio_url: expect.stringMatching(/^https:\/\/cdn\.assemblyai\.com\/upload\//) as string,
    punctuate: true,
    format_text: true,
    language_detection: true,
  });
});

it('sends the first language hint as language_code', async () => {
  await transcribe({ hints: ['de', 'en'] }).result;
  const job = JSON.parse(sent('POST', '/v2/transcript').body.toString('utf8')) as Record<string, unknown>;
  expect(job.language_code).toBe('de');
  expect(job).not.toHaveProperty('language_detection');
});

it('groups millisecond-timed words into sentence segments', async () => {
  const { segments, language } = await transcribe({ hints: ['en'] }).result;
  const sentences = cannedSentences(durationMs);
  expect(segments.map((segment) => [segment.startMs, segment.endMs])).toEqual(
    sentences.map((sentence) => [sentence.words[0]?.startMs, sentence.words.at(-1)?.endMs]),
  );
  expect(segments.map((segment) => segment.text.replace('.', '').toLowerCase())).toEqual(
    sentences.map((sentence) => sentence.text),
  );
  expect(language).toBe('en');
});

it('fails permanently with AssemblyAI’s reason when the job ends in error, and still deletes it', async () => {
  const garbage = join(speech.folder, 'garbage.wav');
  writeFileSync(garbage, 'this is not audio');
  const failure = await transcribe({ path: garbage }).result.catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ProviderError);
  expect(failure).toMatchObject({
    kind: 'permanent',
    message:
      'AssemblyAI could not transcribe the audio: Transcoding failed. File does not appear to contain audio.',
  });
  expect(calls().at(-1)).toBe('DELETE /v2/transcript/{id}');
  expect(fake.remoteObjectCount()).toBe(0);
});

it('refuses a "Bearer"-style or wrong key the way AssemblyAI does, and hides the key', async () => {
  const failure = await transcribe({ config: { apiKey: 'aai-wrong-key-987654' } }).result.catch(
    (error: unknown) => error,
  );
  expect(failure).toMatchObject({ kind: 'permanent', status: 401 });
  expect((failure as Error).message).toContain('API token missing/invalid');
  expect((failure as Error).message).not.toContain('aai-wrong-key-987654');
  expect(calls()).toEqual(['POST /v2/upload']);
  const bearer = await fetch(`${fake.baseUrl}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${assemblyAiFakeApiKey}` },
    body: wav,
  });
  expect(bearer.status).toBe(401);
});

it('stops polling at once on cancel and deletes the job it created', async () => {
  fake.holdJobs(true);
  const controller = new AbortController();
  const outcome = transcribe({ signal: controller.signal }).result.catch((error: unknown) => error);
  while (!calls().includes('GET /v2/transcript/{id}')) await sleep(5);
  expect(fake.remoteObjectCount()).toBe(1);
  const cancelledAt = Date.now();
  controller.abort();
  expect(await outcome).toMatchObject({ kind: 'cancelled' });
  fake.holdJobs(false);
  expect(Date.now() - cancelledAt).toBeLessThan(1_000);
  expect(calls().at(-1)).toBe('DELETE /v2/transcript/{id}');
  expect(fake.remoteObjectCount()).toBe(0);
});

it('reports upload bytes, then processing while it polls', async () => {
  const { result, progress } = transcribe();
  await result;
  const uploads = progress.filter((event) => event.phase === 'uploading');
  expect(uploads.at(-1)).toEqual({ phase: 'uploading', sentBytes: wav.length, totalBytes: wav.length });
  expect(progress.slice(progress.indexOf(uploads.at(-1) as FileTranscriptionProgress) + 1)).toEqual([
    { phase: 'processing' },
    { phase: 'processing' },
  ]);
});

it('treats an upload answer without upload_url as a permanent error naming AssemblyAI', async () => {
  fake.failNext(200, { path: /\/upload$/, body: { url: 'x' } });
  await expect(transcribe().result).rejects.toMatchObject({
    kind: 'permanent',
    message: expect.stringMatching(/^AssemblyAI answered in an unexpected shape \(upload_url:/) as string,
  });
});
