import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import type { RecordedRequest } from '../../test/fakes/fakeHttpServer.ts';
import { formFileBytes, readMultipartForm } from '../../test/fakes/multipartForm.ts';
import { type SonioxFake, sonioxFakeApiKey, startSonioxFake } from '../../test/fakes/soniox/server.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { silentWav } from '../../test/fakes/wavAudio.ts';
import type { FileTranscriptionProgress } from '../contract.ts';
import { ProviderError } from '../http/providerError.ts';
import { sonioxConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('soniox', 6_000);
const { bytes: wav, durationMs } = speech;
let fake: SonioxFake;

beforeEach(async () => {
  fake = await startSonioxFake({ maxFileBytes: 1_000_000 });
});
afterEach(() => fake.close());

function transcribe(
  options: {
    config?: Record<string, unknown>;
    languageHints?: string[];
    path?: string;
    signal?: AbortSignal;
    onProgress?: (progress: FileTranscriptionProgress) => void;
    submittedJobId?: string;
    onSubmitted?: (jobId: string) => void;
    vocabulary?: string[];
  } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    vocabulary: options.vocabulary,
    wavPath: options.path,
    languageHints: options.languageHints ?? ['en'],
    config: sonioxConfigSchema.parse({ apiKey: sonioxFakeApiKey, ...options.config }),
    baseUrl: fake.baseUrl,
    signal: options.signal,
    onProgress: options.onProgress,
    submittedJobId: options.submittedJobId,
    onSubmitted: options.onSubmitted,
  }).result;
}

/** Every request so far, as "METHOD /path". */
function calls(): string[] {
  return fake.requests.map((request) => `${request.method} ${request.url}`);
}

/**
 * A first run that stops the way a crash stops it: right after Soniox has accepted its
 * transcription, before any poll, and without deleting it or its file (the fake answers both
 * DELETEs with 404, as if they were gone already). Resolves with the id it reported and the file's;
 * the request log then starts afresh for the next run.
 */
async function submitThenStop(): Promise<{ transcriptionId: string; fileId: string }> {
  const controller = new AbortController();
  const reported: string[] = [];
  const outcome = transcribe({
    signal: controller.signal,
    onSubmitted: (transcriptionId) => {
      reported.push(transcriptionId);
      fake.failNext(404, { path: /^\/(transcriptions|files)\/[^/]+$/, times: 2 });
      controller.abort();
    },
  });
  await expect(outcome).rejects.toMatchObject({ kind: 'cancelled' });
  expect([...fake.transcriptions.keys()]).toEqual(reported);
  const [fileId] = [...fake.files.keys()];
  fake.requests.length = 0;
  return { transcriptionId: reported[0] ?? '', fileId: fileId ?? '' };
}

function requestsTo(method: string, path: RegExp): RecordedRequest[] {
  return fake.requests.filter((request) => request.method === method && path.test(request.url));
}

function jsonBody(request: RecordedRequest | undefined): Record<string, unknown> {
  return JSON.parse(request?.body.toString('utf8') ?? '{}') as Record<string, unknown>;
}

it('authenticates every call with a Bearer key and uploads the WAV as the multipart field "file"', async () => {
  await transcribe();
  expect(fake.requests.length).toBeGreaterThanOrEqual(5);
  for (const request of fake.requests)
    expect(request.headers.authorization).toBe(`Bearer ${sonioxFakeApiKey}`);
  const [upload] = requestsTo('POST', /^\/files$/);
  const form = await readMultipartForm(upload as RecordedRequest);
  expect(await formFileBytes(form, 'file')).toEqual(wav);
});

it('creates the transcription with the async model, all language hints and language identification', async () => {
  await transcribe({ languageHints: ['en', 'fr'] });
  const created = jsonBody(requestsTo('POST', /^\/transcriptions$/)[0]);
  expect(created).toEqual({
    model: 'stt-async-v5',
    file_id: expect.any(String) as string,
    language_hints: ['en', 'fr'],
    enable_speaker_diarization: false,
    enable_language_identification: true,
  });
});

it('takes the async model of the configured generation, and lets Soniox detect the language without hints', async () => {
  await transcribe({ config: { model: 'stt-rt-v4', enableSpeakerDiarization: true }, languageHints: [] });
  const created = jsonBody(requestsTo('POST', /^\/transcriptions$/)[0]);
  expect(created.model).toBe('stt-async-v4');
  expect(created.enable_speaker_diarization).toBe(true);
  expect(created).not.toHaveProperty('language_hints');
});

it('sends the vocabulary as the terms of the context object', async () => {
  await transcribe({ vocabulary: ['Earshot', 'Kelly Byrne-Donoghue'] });
  const created = jsonBody(requestsTo('POST', /^\/transcriptions$/).at(-1));
  expect(created.context).toEqual({ terms: ['Earshot', 'Kelly Byrne-Donoghue'] });
});

it('turns the sub-word tokens into sentences with millisecond times, speakers and language', async () => {
  const result = await transcribe({ config: { enableSpeakerDiarization: true }, languageHints: ['de'] });
  const sentences = cannedSentences(durationMs);
  expect(result.segments).toEqual(
    sentences.map((sentence, index) => ({
      text: `${sentence.text[0]?.toUpperCase()}${sentence.text.slice(1)}.`,
      startMs: sentence.words[0]?.startMs,
      endMs: sentence.words.at(-1)?.endMs,
      speaker: String((index % 2) + 1),
      language: 'de',
      words: sentence.words.map((word, position) => ({
        text: `${position === 0 ? `${word.word[0]?.toUpperCase()}${word.word.slice(1)}` : word.word}${position === sentence.words.length - 1 ? '.' : ''}`,
        startMs: word.startMs,
        endMs: word.endMs,
        speaker: String((index % 2) + 1),
        confidence: 0.95,
      })),
    })),
  );
  expect(result.language).toBe('de');
});

it('gives words without speakers when diarization is off', async () => {
  const result = await transcribe();
  expect(result.segments.length).toBeGreaterThan(0);
  for (const segment of result.segments) {
    expect(segment.speaker).toBeNull();
    expect(segment.words?.length).toBeGreaterThan(0);
    expect(segment.words?.every((word) => word.speaker === undefined)).toBe(true);
  }
});

it('reports the real upload bytes, then processing, and deletes both objects after success', async () => {
  const progress: FileTranscriptionProgress[] = [];
  await transcribe({ onProgress: (event) => progress.push(event) });
  const uploaded = progress.filter((event) => event.phase === 'uploading').at(-1);
  const sentLength = Number(requestsTo('POST', /^\/files$/)[0]?.headers['content-length']);
  expect(uploaded).toEqual({ phase: 'uploading', sentBytes: sentLength, totalBytes: sentLength });
  expect(progress.at(-1)).toEqual({ phase: 'processing' });
  expect(requestsTo('DELETE', /^\/transcriptions\/[^/]+$/)).toHaveLength(1);
  expect(requestsTo('DELETE', /^\/files\/[^/]+$/)).toHaveLength(1);
  expect(fake.remoteObjectCount()).toBe(0);
});

it('fails permanently with Soniox\'s message when the transcription ends in "error", and deletes what it made', async () => {
  const notAudio = join(speech.folder, 'not-audio.wav');
  writeFileSync(notAudio, Buffer.from('this is not a wav file'));
  const failure = await transcribe({ path: notAudio }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ProviderError);
  expect(failure).toMatchObject({
    kind: 'permanent',
    message: 'Soniox could not transcribe the audio: The audio could not be decoded.',
  });
  expect(fake.remoteObjectCount()).toBe(0);
});

it('fails permanently when the file is over the upload limit', async () => {
  const large = join(speech.folder, 'large.wav');
  writeFileSync(large, silentWav(40_000));
  const failure = await transcribe({ path: large }).catch((error: unknown) => error);
  expect(failure).toMatchObject({ kind: 'permanent', status: 413 });
  expect(fake.remoteObjectCount()).toBe(0);
});

it('names Soniox when an answer has an unexpected shape', async () => {
  fake.failNext(201, { path: /^\/files$/, body: { name: 'no id here' } });
  await expect(transcribe()).rejects.toMatchObject({
    kind: 'permanent',
    message: 'Soniox answered an upload in an unexpected shape.',
  });
});

it('stops polling at once on cancel and deletes the transcription as soon as Soniox allows it', async () => {
  fake.holdJobs(true);
  const controller = new AbortController();
  const outcome = transcribe({ signal: controller.signal }).catch((error: unknown) => error);
  await vi.waitFor(() => expect([...fake.transcriptions.values()][0]?.status).toBe('processing'));
  controller.abort();
  expect(await outcome).toMatchObject({ kind: 'cancelled' });
  const refused = requestsTo('DELETE', /^\/transcriptions\//);
  expect(refused).toHaveLength(1);
  expect(fake.remoteObjectCount()).toBe(2);
  const pollsBefore = requestsTo('GET', /^\/transcriptions\//).length;
  fake.holdJobs(false);
  await vi.waitFor(() => expect(fake.remoteObjectCount()).toBe(0));
  expect(requestsTo('GET', /^\/transcriptions\//).length).toBeGreaterThan(pollsBefore);
  expect(requestsTo('DELETE', /^\/transcriptions\//)).toHaveLength(2);
});

it('aborts an upload cancelled midway, so Soniox never receives a whole file', async () => {
  const large = join(speech.folder, 'upload.wav');
  writeFileSync(large, silentWav(30_000));
  const controller = new AbortController();
  const failure = await transcribe({
    path: large,
    signal: controller.signal,
    onProgress: () => controller.abort(),
  }).catch((error: unknown) => error);
  expect(failure).toMatchObject({ kind: 'cancelled' });
  expect(requestsTo('POST', /^\/files$/)).toHaveLength(0);
  expect(fake.remoteObjectCount()).toBe(0);
});

it('reports the transcription id once Soniox has accepted it, before polling it', async () => {
  const reported: Array<{ jobId: string; known: boolean; callsSoFar: string[] }> = [];
  await transcribe({
    onSubmitted: (jobId) =>
      reported.push({ jobId, known: fake.transcriptions.has(jobId), callsSoFar: calls() }),
  });
  expect(reported).toEqual([
    { jobId: expect.any(String) as string, known: true, callsSoFar: ['POST /files', 'POST /transcriptions'] },
  ]);
  expect(calls()).toContain(`DELETE /transcriptions/${reported[0]?.jobId}`);
});

it('polls the transcription a chunk submitted before a restart, without uploading or creating again, and deletes its file', async () => {
  const { transcriptionId, fileId } = await submitThenStop();
  const reported: string[] = [];
  const result = await transcribe({
    submittedJobId: transcriptionId,
    onSubmitted: (id) => reported.push(id),
  });
  // The look-up finds it queued (the fake's first poll moves it to processing); one poll later it is done.
  expect(calls()).toEqual([
    `GET /transcriptions/${transcriptionId}`,
    `GET /transcriptions/${transcriptionId}`,
    `GET /transcriptions/${transcriptionId}/transcript`,
    `DELETE /transcriptions/${transcriptionId}`,
    `DELETE /files/${fileId}`,
  ]);
  expect(result.segments.map((segment) => segment.text.replace('.', '').toLowerCase())).toEqual(
    cannedSentences(durationMs).map((sentence) => sentence.text),
  );
  expect(reported).toEqual([]);
  expect(fake.remoteObjectCount()).toBe(0);
});

it('submits afresh, and reports the new id, when Soniox answers 404 for the submitted transcription', async () => {
  const unknownId = randomUUID();
  const reported: string[] = [];
  const result = await transcribe({ submittedJobId: unknownId, onSubmitted: (id) => reported.push(id) });
  expect(calls().slice(0, 3)).toEqual([
    `GET /transcriptions/${unknownId}`,
    'POST /files',
    'POST /transcriptions',
  ]);
  expect(reported).toHaveLength(1);
  expect(reported[0]).not.toBe(unknownId);
  expect(calls()).toContain(`DELETE /transcriptions/${reported[0]}`);
  expect(result.segments.length).toBeGreaterThan(0);
  expect(fake.remoteObjectCount()).toBe(0);
});

it('fails, without uploading, when the look-up of the submitted transcription is refused otherwise, and deletes it', async () => {
  const { transcriptionId } = await submitThenStop();
  fake.failNext(401, { path: /^\/transcriptions\/[^/]+$/, body: { message: 'Invalid API key.' } });
  const failure = await transcribe({ submittedJobId: transcriptionId }).catch((error: unknown) => error);
  expect(failure).toMatchObject({ kind: 'permanent', status: 401 });
  expect(calls()).toEqual([
    `GET /transcriptions/${transcriptionId}`,
    `DELETE /transcriptions/${transcriptionId}`,
  ]);
  expect(fake.transcriptions.size).toBe(0);
});
