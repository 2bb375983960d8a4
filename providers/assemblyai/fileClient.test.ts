import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  options: {
    config?: Record<string, unknown>;
    hints?: string[];
    path?: string;
    signal?: AbortSignal;
    submittedJobId?: string;
    onSubmitted?: (jobId: string) => void;
    vocabulary?: string[];
  } = {},
) {
  return transcribeSpeech(transcribeFile, speech, {
    wavPath: options.path,
    languageHints: options.hints,
    config: assemblyAiConfigSchema.parse({ apiKey: assemblyAiFakeApiKey, ...options.config }),
    baseUrl: fake.baseUrl,
    signal: options.signal,
    submittedJobId: options.submittedJobId,
    onSubmitted: options.onSubmitted,
    vocabulary: options.vocabulary,
  });
}

/**
 * A first run that stops the way a crash stops it: right after AssemblyAI has accepted its
 * transcript, before any poll, and without deleting it (the fake answers its DELETE with 404, as
 * if the transcript were gone already). Resolves with the id it reported, for the next run, whose
 * requests alone the test's log then shows.
 */
async function submitThenStop(): Promise<string> {
  const controller = new AbortController();
  const reported: string[] = [];
  const outcome = transcribe({
    signal: controller.signal,
    onSubmitted: (jobId) => {
      reported.push(jobId);
      fake.failNext(404, { path: new RegExp(`^/v2/transcript/${jobId}$`) });
      controller.abort();
    },
  }).result;
  await expect(outcome).rejects.toMatchObject({ kind: 'cancelled' });
  expect(fake.remoteObjectCount()).toBe(1);
  firstRequest = fake.requests.length;
  return reported[0] ?? '';
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

it('sends the vocabulary as keyterms_prompt, and no such field without one', async () => {
  await transcribe({ vocabulary: ['Earshot', 'Kelly Byrne-Donoghue'] }).result;
  const job = JSON.parse(sent('POST', '/v2/transcript').body.toString('utf8')) as Record<string, unknown>;
  expect(job.keyterms_prompt).toEqual(['Earshot', 'Kelly Byrne-Donoghue']);
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

it('keeps each segment’s words as AssemblyAI timed them, with their confidence and no speaker', async () => {
  const { segments } = await transcribe({ hints: ['en'] }).result;
  const sentences = cannedSentences(durationMs);
  segments.forEach((segment, index) => {
    expect(
      segment.words?.map((word) => [word.text.replace('.', '').toLowerCase(), word.startMs, word.endMs]),
    ).toEqual((sentences[index]?.words ?? []).map((word) => [word.word, word.startMs, word.endMs]));
    expect(segment.words?.every((word) => word.confidence === 0.97 && word.speaker === undefined)).toBe(true);
    expect(segment.speaker).toBeNull();
  });
  const job = JSON.parse(sent('POST', '/v2/transcript').body.toString('utf8')) as Record<string, unknown>;
  expect(job).not.toHaveProperty('speaker_labels');
});

it('asks for speaker_labels when enableSpeakerDiarization is on, and puts the speakers on segments and words', async () => {
  const { segments } = await transcribe({ config: { enableSpeakerDiarization: true } }).result;
  const job = JSON.parse(sent('POST', '/v2/transcript').body.toString('utf8')) as Record<string, unknown>;
  expect(job.speaker_labels).toBe(true);
  expect(segments.length).toBeGreaterThan(1);
  segments.forEach((segment, index) => {
    expect(segment.speaker).toBe(index % 2 === 0 ? 'A' : 'B');
    expect(segment.words?.every((word) => word.speaker === segment.speaker)).toBe(true);
  });
});

it('reads a completed transcript without words (nullable in the SDK) as its text over the chunk', async () => {
  fake.failNext(200, {
    path: /^\/v2\/transcript\/[^/]+$/,
    body: { id: randomUUID(), status: 'completed', language_code: 'en', text: 'Hello there.', words: null },
  });
  const { segments } = await transcribe({ hints: ['en'] }).result;
  expect(segments).toEqual([{ text: 'Hello there.', startMs: 0, endMs: durationMs, language: 'en' }]);
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

it('reports the transcript id once AssemblyAI has accepted the job, before polling it', async () => {
  const reported: Array<{ jobId: string; callsSoFar: string[] }> = [];
  await transcribe({ onSubmitted: (jobId) => reported.push({ jobId, callsSoFar: calls() }) }).result;
  expect(reported).toEqual([
    { jobId: expect.any(String) as string, callsSoFar: ['POST /v2/upload', 'POST /v2/transcript'] },
  ]);
  sent('DELETE', `/v2/transcript/${reported[0]?.jobId}`);
});

it('polls the transcript a chunk submitted before a restart, without uploading or creating again', async () => {
  const jobId = await submitThenStop();
  const reported: string[] = [];
  const { segments } = await transcribe({ submittedJobId: jobId, onSubmitted: (id) => reported.push(id) })
    .result;
  // The look-up finds it queued (the fake's first poll moves it to processing); one poll later it is done.
  expect(calls()).toEqual([
    'GET /v2/transcript/{id}',
    'GET /v2/transcript/{id}',
    'DELETE /v2/transcript/{id}',
  ]);
  sent('DELETE', `/v2/transcript/${jobId}`);
  expect(segments.map((segment) => segment.text.replace('.', '').toLowerCase())).toEqual(
    cannedSentences(durationMs).map((sentence) => sentence.text),
  );
  expect(reported).toEqual([]);
  expect(fake.remoteObjectCount()).toBe(0);
});

it('deletes a resumed transcript when the chunk is cancelled', async () => {
  const jobId = await submitThenStop();
  fake.holdJobs(true);
  const controller = new AbortController();
  const outcome = transcribe({ submittedJobId: jobId, signal: controller.signal }).result.catch(
    (error: unknown) => error,
  );
  while (calls().length < 2) await sleep(5);
  controller.abort();
  expect(await outcome).toMatchObject({ kind: 'cancelled' });
  fake.holdJobs(false);
  expect(calls().at(-1)).toBe('DELETE /v2/transcript/{id}');
  expect(fake.remoteObjectCount()).toBe(0);
});

describe('submits afresh, and reports the new id, when AssemblyAI no longer knows the submitted transcript', () => {
  async function resumeUnknown(submittedJobId: string) {
    const reported: string[] = [];
    const { segments } = await transcribe({ submittedJobId, onSubmitted: (id) => reported.push(id) }).result;
    expect(calls().slice(0, 3)).toEqual([
      'GET /v2/transcript/{id}',
      'POST /v2/upload',
      'POST /v2/transcript',
    ]);
    expect(reported).toHaveLength(1);
    expect(reported[0]).not.toBe(submittedJobId);
    sent('DELETE', `/v2/transcript/${reported[0]}`);
    expect(segments.length).toBeGreaterThan(0);
    expect(fake.remoteObjectCount()).toBe(0);
  }

  it('an id it answers 404 for', async () => {
    await resumeUnknown(randomUUID());
  });

  it('an id it answers 400 "transcript id not found" for', async () => {
    fake.failNext(400, {
      path: /^\/v2\/transcript\/[^/]+$/,
      body: { error: 'Transcript lookup error, transcript id not found' },
    });
    await resumeUnknown(randomUUID());
  });

  it('a transcript deleted after it completed, which AssemblyAI keeps redacted', async () => {
    let deletedId = '';
    await transcribe({
      onSubmitted: (id) => {
        deletedId = id;
      },
    }).result;
    firstRequest = fake.requests.length;
    await resumeUnknown(deletedId);
  });
});

it('fails, without uploading, when the look-up of the submitted transcript is refused otherwise, and deletes it', async () => {
  const jobId = await submitThenStop();
  fake.failNext(400, { path: /^\/v2\/transcript\/[^/]+$/, body: { error: 'Invalid transcript id' } });
  const failure = await transcribe({ submittedJobId: jobId }).result.catch((error: unknown) => error);
  expect(failure).toMatchObject({ kind: 'permanent', status: 400 });
  expect(calls()).toEqual(['GET /v2/transcript/{id}', 'DELETE /v2/transcript/{id}']);
  expect(fake.remoteObjectCount()).toBe(0);
});
