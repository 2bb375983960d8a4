import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { cannedSentences } from '../../test/fakes/cannedSpeech.ts';
import type { RecordedRequest } from '../../test/fakes/fakeHttpServer.ts';
import { type GladiaFake, gladiaFakeApiKey, startGladiaFake } from '../../test/fakes/gladia/server.ts';
import { formFileBytes, readMultipartForm } from '../../test/fakes/multipartForm.ts';
import { transcribeSpeech, useSpeechFile } from '../../test/fakes/speechFile.ts';
import { silentWav } from '../../test/fakes/wavAudio.ts';
import type { FileTranscriptionProgress } from '../contract.ts';
import { ProviderError } from '../http/providerError.ts';
import { gladiaConfigSchema } from './config.ts';
import { transcribeFile } from './fileClient.ts';

const speech = useSpeechFile('gladia', 6_000);
const { bytes: wav, durationMs } = speech;
let fake: GladiaFake;

beforeEach(async () => {
  fake = await startGladiaFake({ maxFileBytes: 1_000_000 });
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
    config: gladiaConfigSchema.parse({ apiKey: gladiaFakeApiKey, ...options.config }),
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
 * A first run that stops the way a crash stops it: right after Gladia has accepted its job, before
 * any poll, and without deleting it (the fake answers its DELETE with 404, as if the job were gone
 * already). Resolves with the id it reported; the request log then starts afresh for the next run.
 */
async function submitThenStop(): Promise<string> {
  const controller = new AbortController();
  const reported: string[] = [];
  const outcome = transcribe({
    signal: controller.signal,
    onSubmitted: (jobId) => {
      reported.push(jobId);
      fake.failNext(404, { path: new RegExp(`^/v2/pre-recorded/${jobId}$`) });
      controller.abort();
    },
  });
  await expect(outcome).rejects.toMatchObject({ kind: 'cancelled' });
  expect([...fake.jobs.keys()]).toEqual(reported);
  fake.requests.length = 0;
  return reported[0] ?? '';
}

function requestsTo(method: string, path: RegExp): RecordedRequest[] {
  return fake.requests.filter((request) => request.method === method && path.test(request.url));
}

function createdJobBody(): Record<string, unknown> {
  const [created] = requestsTo('POST', /^\/v2\/pre-recorded$/);
  return JSON.parse(created?.body.toString('utf8') ?? '{}') as Record<string, unknown>;
}

it('sends the key as x-gladia-key on every call and uploads the WAV as the multipart field "audio"', async () => {
  await transcribe();
  expect(fake.requests.length).toBeGreaterThanOrEqual(4);
  for (const request of fake.requests) expect(request.headers['x-gladia-key']).toBe(gladiaFakeApiKey);
  const [upload] = requestsTo('POST', /^\/v2\/upload$/);
  expect(await formFileBytes(await readMultipartForm(upload as RecordedRequest), 'audio')).toEqual(wav);
});

it('creates the job from the uploaded audio with the default file model and the language hint', async () => {
  await transcribe();
  expect(createdJobBody()).toEqual({
    audio_url: expect.stringMatching(/\/file\/[0-9a-f-]+$/) as string,
    model: 'solaria-1',
    language_config: { languages: ['en'], code_switching: false },
  });
});

it('turns on custom vocabulary with the terms, and leaves it out without any', async () => {
  await transcribe({ vocabulary: ['Earshot', 'Kelly Byrne-Donoghue'] });
  expect(createdJobBody()).toMatchObject({
    custom_vocabulary: true,
    custom_vocabulary_config: { vocabulary: ['Earshot', 'Kelly Byrne-Donoghue'] },
  });
  fake.requests.length = 0;
  await transcribe();
  expect(createdJobBody()).not.toHaveProperty('custom_vocabulary');
});

it('sends the chosen file model, lets several hints switch, and leaves the language to Gladia without hints', async () => {
  await transcribe({ config: { fileModel: 'solaria-3' }, languageHints: ['fr', 'de'] });
  expect(createdJobBody()).toMatchObject({
    model: 'solaria-3',
    language_config: { languages: ['fr', 'de'], code_switching: true },
  });
  fake.requests.length = 0;
  await transcribe({ languageHints: [] });
  expect(createdJobBody()).toMatchObject({ language_config: { languages: [], code_switching: false } });
});

it('turns the utterances into segments with millisecond times and language', async () => {
  const result = await transcribe({ languageHints: ['it'] });
  expect(result).toMatchObject({
    segments: cannedSentences(durationMs).map((sentence) => ({
      text: `${sentence.text}.`,
      startMs: sentence.words[0]?.startMs,
      endMs: sentence.words.at(-1)?.endMs,
      language: 'it',
    })),
    language: 'it',
  });
});

it('gives each segment its words in ms, trimmed of Gladia’s leading space, with their confidence', async () => {
  const result = await transcribe();
  const sentences = cannedSentences(durationMs);
  result.segments.forEach((segment, index) => {
    expect(segment.words).toEqual(
      (sentences[index]?.words ?? []).map((word, position, all) => ({
        text: position === all.length - 1 ? `${word.word}.` : word.word,
        startMs: word.startMs,
        endMs: word.endMs,
        confidence: 0.93,
      })),
    );
  });
  expect(createdJobBody()).not.toHaveProperty('diarization');
});

it('asks for diarization when enableSpeakerDiarization is on, and puts each utterance’s speaker on it and its words', async () => {
  const result = await transcribe({ config: { enableSpeakerDiarization: true } });
  expect(createdJobBody()).toMatchObject({ diarization: true });
  expect(result.segments.length).toBeGreaterThan(1);
  result.segments.forEach((segment, index) => {
    expect(segment.speaker).toBe(String(index % 2));
    expect(segment.words?.every((word) => word.speaker === segment.speaker)).toBe(true);
  });
});

it('keeps an utterance’s text when it comes without words', async () => {
  fake.failNext(200, {
    path: /^\/v2\/pre-recorded\/[^/]+$/,
    body: {
      id: randomUUID(),
      status: 'done',
      result: {
        transcription: { languages: ['en'], utterances: [{ start: 0.5, end: 1.25, text: ' Hello.' }] },
      },
    },
  });
  const result = await transcribe();
  expect(result.segments).toEqual([{ text: 'Hello.', startMs: 500, endMs: 1250, language: null }]);
});

it('reports the real upload bytes, then processing, and deletes the job with its audio after success', async () => {
  const progress: FileTranscriptionProgress[] = [];
  await transcribe({ onProgress: (event) => progress.push(event) });
  const uploaded = progress.filter((event) => event.phase === 'uploading').at(-1);
  const sentLength = Number(requestsTo('POST', /^\/v2\/upload$/)[0]?.headers['content-length']);
  expect(uploaded).toEqual({ phase: 'uploading', sentBytes: sentLength, totalBytes: sentLength });
  expect(progress.at(-1)).toEqual({ phase: 'processing' });
  expect(requestsTo('DELETE', /^\/v2\/pre-recorded\/[^/]+$/)).toHaveLength(1);
  expect(fake.jobs.size + fake.uploads.size).toBe(0);
});

it('fails permanently when the job ends in "error", and still deletes it', async () => {
  fake.failJobsWith(422);
  const failure = await transcribe().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ProviderError);
  expect(failure).toMatchObject({
    kind: 'permanent',
    message: 'Gladia could not transcribe the audio (error 422).',
  });
  expect(fake.remoteObjectCount()).toBe(0);
});

it("fails permanently with Gladia's message when the file is over the size limit", async () => {
  const large = join(speech.folder, 'large.wav');
  writeFileSync(large, silentWav(40_000));
  await expect(transcribe({ path: large })).rejects.toMatchObject({
    kind: 'permanent',
    status: 413,
    message: 'Gladia refused the request (HTTP 413): The file is larger than the allowed maximum.',
  });
});

it('names Gladia when an answer has an unexpected shape', async () => {
  fake.failNext(200, { path: /^\/v2\/upload$/, body: { audio_metadata: {} } });
  await expect(transcribe()).rejects.toMatchObject({
    kind: 'permanent',
    message: 'Gladia answered an upload in an unexpected shape.',
  });
});

it('stops polling at once on cancel and deletes the job as soon as Gladia allows it', async () => {
  fake.holdJobs(true);
  const controller = new AbortController();
  const outcome = transcribe({ signal: controller.signal }).catch((error: unknown) => error);
  await vi.waitFor(() => expect([...fake.jobs.values()][0]?.status).toBe('processing'));
  controller.abort();
  expect(await outcome).toMatchObject({ kind: 'cancelled' });
  expect(requestsTo('DELETE', /^\/v2\/pre-recorded\//)).toHaveLength(1);
  expect(fake.remoteObjectCount()).toBe(1);
  fake.holdJobs(false);
  await vi.waitFor(() => expect(fake.remoteObjectCount()).toBe(0));
  expect(requestsTo('DELETE', /^\/v2\/pre-recorded\//)).toHaveLength(2);
  expect(fake.uploads.size).toBe(0);
});

it('reports the job id once Gladia has accepted the job, before polling it', async () => {
  const reported: Array<{ jobId: string; known: boolean; callsSoFar: string[] }> = [];
  await transcribe({
    onSubmitted: (jobId) => reported.push({ jobId, known: fake.jobs.has(jobId), callsSoFar: calls() }),
  });
  expect(reported).toEqual([
    {
      jobId: expect.any(String) as string,
      known: true,
      callsSoFar: ['POST /v2/upload', 'POST /v2/pre-recorded'],
    },
  ]);
  expect(calls().at(-1)).toBe(`DELETE /v2/pre-recorded/${reported[0]?.jobId}`);
});

it('polls the job a chunk submitted before a restart, without uploading or creating again', async () => {
  const jobId = await submitThenStop();
  const reported: string[] = [];
  const result = await transcribe({ submittedJobId: jobId, onSubmitted: (id) => reported.push(id) });
  // The look-up finds it queued (the fake's first poll moves it to processing); one poll later it is done.
  expect(calls()).toEqual([
    `GET /v2/pre-recorded/${jobId}`,
    `GET /v2/pre-recorded/${jobId}`,
    `DELETE /v2/pre-recorded/${jobId}`,
  ]);
  expect(result.segments.map((segment) => segment.text)).toEqual(
    cannedSentences(durationMs).map((sentence) => `${sentence.text}.`),
  );
  expect(reported).toEqual([]);
  expect(fake.jobs.size + fake.uploads.size).toBe(0);
});

it('submits afresh, and reports the new id, when Gladia answers 404 for the submitted job', async () => {
  const unknownId = randomUUID();
  const reported: string[] = [];
  const result = await transcribe({ submittedJobId: unknownId, onSubmitted: (id) => reported.push(id) });
  expect(calls().slice(0, 3)).toEqual([
    `GET /v2/pre-recorded/${unknownId}`,
    'POST /v2/upload',
    'POST /v2/pre-recorded',
  ]);
  expect(reported).toHaveLength(1);
  expect(reported[0]).not.toBe(unknownId);
  expect(calls().at(-1)).toBe(`DELETE /v2/pre-recorded/${reported[0]}`);
  expect(result.segments.length).toBeGreaterThan(0);
  expect(fake.remoteObjectCount()).toBe(0);
});

it('fails, without uploading, when the look-up of the submitted job is refused otherwise, and deletes it', async () => {
  const jobId = await submitThenStop();
  fake.failNext(401, { path: /^\/v2\/pre-recorded\/[^/]+$/, body: { message: 'Invalid key.' } });
  const failure = await transcribe({ submittedJobId: jobId }).catch((error: unknown) => error);
  expect(failure).toMatchObject({ kind: 'permanent', status: 401 });
  expect(calls()).toEqual([`GET /v2/pre-recorded/${jobId}`, `DELETE /v2/pre-recorded/${jobId}`]);
  expect(fake.remoteObjectCount()).toBe(0);
});
