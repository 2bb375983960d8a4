import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { probeMedia } from '../../actors/fileJob/probeMedia.ts';
import { audioRetentionValueId } from '../../store/audio/audioRetention.ts';
import { listAudioParts } from '../../store/audio/sessionAudioFiles.ts';
import type { ProviderDefinition } from '../../providers/contract.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { createUploadControl } from '../../api/control/uploadControl.ts';
import { createTranscriptionControl } from '../../api/control/transcriptionControl.ts';
import { providerBaseUrls, TranscriptionJobs } from '../../actors/fileJob/transcriptionJobs.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { aborted, fixtureAudio, testProvider, type TestProvider } from './fileTranscriptionSupport.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let jobs: TranscriptionJobs;
let app: Hono;
let provider: TestProvider;
let asked: string[];

/** A provider whose requests wait until released or aborted, to hold jobs where a test wants them. */
function holdingProvider() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = testProvider({
    answer: async (request) => {
      await Promise.race([released, aborted(request.signal)]);
      return { segments: [{ text: 'held', startMs: 0, endMs: request.durationMs }] };
    },
  });
  return { held, release };
}

function setUp(options: { maxRunning?: number; definition?: TestProvider } = {}) {
  provider = options.definition ?? testProvider();
  jobs = new TranscriptionJobs({
    store,
    dataDirectory: directory.path,
    resolveBaseUrl: () => Promise.resolve('http://127.0.0.1:9'),
    findProvider: (name) => {
      asked.push(name);
      return ['groq', 'p11'].includes(name.toLowerCase()) ? provider : undefined;
    },
    maxRunning: options.maxRunning,
  });
  app = new Hono()
    .route('/control/v1', createTranscriptionControl(jobs, directory.path))
    .route('/control/v1', createUploadControl({ dataDirectory: directory.path }));
}

beforeEach(() => {
  directory = temporaryDirectory('transcription-control');
  store = SessionStore.open(directory.path);
  writeProviderConfig(directory.path, 'groq', { apiKey: 'test-key-1234' });
  asked = [];
  setUp();
});
afterEach(async () => {
  await jobs.close();
  store.close();
  directory.remove();
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await app.request(`/control/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Sends a fixture's content as `POST /uploads` does from the Files page, and answers its upload id. */
async function uploaded(name: string): Promise<string> {
  const response = await app.request(`/control/v1/uploads?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body: readFileSync(fixtureAudio(name)),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { upload: string }).upload;
}

async function submit(body: Record<string, unknown>): Promise<{ jobId: string; sessionId: string }> {
  const answer = await call('POST', '/transcriptions', body);
  expect(answer.status).toBe(202);
  return answer.body as { jobId: string; sessionId: string };
}

async function statusOf(jobId: string): Promise<FileJobStatus> {
  const answer = await call('GET', `/transcriptions/${jobId}`);
  expect(answer.status).toBe(200);
  return answer.body as unknown as FileJobStatus;
}

async function waitFor(jobId: string, states: string[]): Promise<FileJobStatus> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const status = await statusOf(jobId);
    if (states.includes(status.state)) return status;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${jobId} never reached ${states.join(' or ')}`);
}

describe('control routes for file transcription', () => {
  it('starts a job by provider label, reports its progress and ends with the session recorded', async () => {
    const { jobId, sessionId } = await submit({
      upload: await uploaded('jfk.wav'),
      provider: 'P11',
      language: 'EN',
      title: 'Speech',
    });
    expect(asked).toEqual(['P11']);
    const final = await waitFor(jobId, ['completed', 'failed']);
    expect(final).toMatchObject({
      jobId,
      sessionId,
      state: 'completed',
      progress: 1,
      chunkCount: 1,
      providerId: 'groq',
      language: 'en',
      title: 'Speech',
      error: null,
    });
    expect(provider.seen[0]?.request.languageHints).toEqual(['en']);
    expect(store.getSession(sessionId)).toMatchObject({ status: 'completed', title: 'Speech' });
    expect(store.getTranscript(sessionId)).toBe('chunk 0');
  });

  it("keeps the file's audio as the session's, to play and transcribe again, though the upload is gone", async () => {
    const { jobId, sessionId } = await submit({ upload: await uploaded('jfk.wav'), provider: 'P11' });
    expect((await waitFor(jobId, ['completed', 'failed'])).state).toBe('completed');
    await jobs.fileAudioKept(jobId);
    const parts = listAudioParts(directory.path, sessionId);
    expect(parts.map(({ number, container, recording }) => ({ number, container, recording }))).toEqual([
      { number: 1, container: 'ogg', recording: false },
    ]);
    const kept = await probeMedia(parts[0]?.path ?? '', new AbortController().signal);
    expect(Math.abs((kept.durationMs ?? 0) - 11_000)).toBeLessThan(200);
    expect(readdirSync(join(directory.path, 'uploads'))).toEqual([]);
    expect(readdirSync(join(directory.path, 'jobs'))).toEqual([]);

    store.setSetting(audioRetentionValueId, 'never');
    const second = await submit({ upload: await uploaded('jfk.wav'), provider: 'P11' });
    expect((await waitFor(second.jobId, ['completed', 'failed'])).state).toBe('completed');
    await jobs.fileAudioKept(second.jobId);
    expect(listAudioParts(directory.path, second.sessionId)).toEqual([]);
  });

  it('asks the registry for P14 when no provider is named', async () => {
    const answer = await call('POST', '/transcriptions', { upload: await uploaded('jfk.wav') });
    expect(asked).toEqual(['whisper-cpp']);
    expect(answer).toEqual({
      status: 400,
      body: {
        code: 'invalid_request',
        error: 'There is no provider "whisper-cpp"; name one by id or label, such as deepgram or P06.',
      },
    });
  });

  // UPLOAD stands for the id of a real upload of jfk.wav.
  it.each([
    [{}, /^Send \{"upload"/],
    [{ upload: 'UPLOAD', speed: 2 }, /^Send \{"upload"/],
    [{ upload: 'jfk.wav', provider: 'groq' }, /no upload "jfk\.wav" waiting/],
    [{ upload: `../${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}-a.wav` }, /no upload "\.\.\//],
    [{ upload: 'UPLOAD', provider: 'nobody' }, /There is no provider "nobody"/],
    [{ upload: 'UPLOAD', provider: 'groq', language: 'english' }, /ISO 639-1.*"english"/],
  ])('refuses %j with 400 and says why', async (request, message) => {
    const upload = await uploaded('jfk.wav');
    const body = Object.fromEntries(
      Object.entries(request).map(([key, value]) => [key, value === 'UPLOAD' ? upload : value]),
    );
    const answer = await call('POST', '/transcriptions', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    expect(provider.seen).toEqual([]);
  });

  it('refuses a file named by path, saying how to send it, and reads nothing of it', async () => {
    const secret = join(directory.path, 'private-notes.wav');
    writeFileSync(secret, 'DISTINCTIVE-CONTENT-4f1c9a of a file nobody sent');
    for (const body of [{ path: secret }, { path: secret, provider: 'groq', title: 'Mine' }]) {
      const answer = await call('POST', '/transcriptions', body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('path_not_accepted');
      expect(answer.body.error).toBe(
        'The service does not open files by path. Send the file itself first: POST /control/v1/uploads?name=<file name> ' +
          'with its content as the body, then POST /control/v1/transcriptions {"upload": "<the upload id it answers>"}; ' +
          '`earshot transcribe FILE` does both.',
      );
      expect(JSON.stringify(answer.body)).not.toContain('DISTINCTIVE');
    }
    expect(asked).toEqual([]);
    expect(provider.seen).toEqual([]);
    expect(store.listSessions({ limit: 10, offset: 0 }).total).toBe(0);
    expect(store.listSessions({ search: 'DISTINCTIVE', limit: 10, offset: 0 }).total).toBe(0);
  });

  it('answers 404 for a job it does not know', async () => {
    expect((await call('GET', '/transcriptions/nope')).status).toBe(404);
    expect((await call('POST', '/transcriptions/nope/cancel')).status).toBe(404);
  });

  it('a job for a provider without credentials fails visibly, naming the field', async () => {
    writeProviderConfig(directory.path, 'groq', {});
    const { jobId } = await submit({ upload: await uploaded('jfk.wav'), provider: 'groq' });
    const final = await waitFor(jobId, ['completed', 'failed']);
    expect(final.state).toBe('failed');
    expect(final.error).toMatch(
      /^P11 Test Vendor is not configured: apiKey is required\. Set it with: earshot providers set groq apiKey=…$/,
    );
    expect(provider.seen).toEqual([]);
  });

  it('cancels a running job: the provider call is aborted and the session interrupted', async () => {
    const { held } = holdingProvider();
    setUp({ definition: held });
    const { jobId, sessionId } = await submit({ upload: await uploaded('jfk.wav'), provider: 'groq' });
    await waitFor(jobId, ['processing']);
    const answer = await call('POST', `/transcriptions/${jobId}/cancel`);
    expect(answer.status).toBe(200);
    expect(['cancelling', 'cancelled']).toContain(answer.body.state);
    expect((await waitFor(jobId, ['cancelled', 'completed', 'failed'])).state).toBe('cancelled');
    expect(held.seen[0]?.request.signal.aborted).toBe(true);
    expect(store.getSession(sessionId)?.status).toBe('interrupted');
  });
});

describe('the job registry', () => {
  it('runs jobs a few at a time, in order; one cancelled while waiting never runs', async () => {
    const { held, release } = holdingProvider();
    setUp({ maxRunning: 1, definition: held });
    const first = jobs.start({ path: fixtureAudio('jfk.wav'), provider: 'groq' });
    const second = jobs.start({ path: fixtureAudio('zh-16k.wav'), provider: 'groq' });
    const third = jobs.start({ path: fixtureAudio('jfk.mp3'), provider: 'groq' });
    await waitFor(first.id, ['processing']);
    expect(jobs.get(second.id)?.state).toBe('queued');
    expect(jobs.get(third.id)?.state).toBe('queued');
    jobs.cancel(second.id);
    expect((await second.finished).state).toBe('cancelled');
    release();
    expect((await first.finished).state).toBe('completed');
    expect((await third.finished).state).toBe('completed');
    expect(held.seen.map((chunk) => chunk.request.durationMs)).toEqual([11_000, expect.any(Number)]);
    expect(store.getSession(second.sessionId)).toBeUndefined();
  });

  it('passes every change to a subscriber', async () => {
    const job = jobs.start({ path: fixtureAudio('jfk.wav'), provider: 'groq' });
    const states: string[] = [];
    jobs.subscribe(job.id, (status) => states.push(status.state));
    await job.finished;
    expect(states.at(-1)).toBe('completed');
    expect(states).toContain('uploading');
    expect(jobs.subscribe('nope', () => undefined)).toBeUndefined();
  });

  it('close() suspends what still runs, and the next start resumes it in the same session', async () => {
    const { held } = holdingProvider();
    setUp({ definition: held });
    const job = jobs.start({ path: fixtureAudio('jfk.wav'), provider: 'groq' });
    await waitFor(job.id, ['processing']);
    await jobs.close();
    expect(store.getSession(job.sessionId)?.status).toBe('recording');
    expect(store.getFileJob(job.id)).toMatchObject({ state: 'running', chunksDone: 0 });

    setUp();
    const [resumed] = jobs.resumeUnfinished();
    expect(resumed?.id).toBe(job.id);
    expect(resumed?.sessionId).toBe(job.sessionId);
    const status = await resumed?.finished;
    expect(status).toMatchObject({ state: 'completed', resumeCount: 1 });
    expect(store.getSession(job.sessionId)?.status).toBe('completed');
    expect(jobs.list().map((listed) => [listed.jobId, listed.state])).toEqual([[job.id, 'completed']]);
    expect(store.getFileJob(job.id)).toMatchObject({ state: 'completed', chunksDone: 1 });
  });

  it('a job cancelled just before a crash is not resumed', async () => {
    const { held } = holdingProvider();
    setUp({ definition: held });
    const job = jobs.start({ path: fixtureAudio('jfk.wav'), provider: 'groq' });
    await waitFor(job.id, ['processing']);
    job.cancel();
    // The crash comes while the job winds down: nothing after the cancel request reaches the store.
    expect(store.getFileJob(job.id)?.state).toBe('cancelled');
    setUp();
    expect(jobs.resumeUnfinished()).toEqual([]);
  });

  it('a stored job whose file is gone fails at the next start, keeping what its session holds', () => {
    const session = store.createSession({ title: 'cut off', providerId: 'groq' });
    store.appendSegment(session.id, { text: 'kept', startMs: 0, endMs: 1000 });
    const now = Date.now();
    store.createFileJob({
      id: 'job-gone',
      sessionId: session.id,
      path: `${directory.path}/no-such-file.wav`,
      title: 'cut off',
      providerId: 'groq',
      language: null,
      state: 'running',
      chunkDurationsMs: [60_000, 60_000],
      chunksDone: 1,
      submitted: null,
      error: null,
      resumeCount: 0,
      createdAt: now,
      updatedAt: now,
    });
    expect(jobs.resumeUnfinished()).toEqual([]);
    expect(jobs.get('job-gone')).toMatchObject({ state: 'failed', chunkCount: 2, progress: 0.5 });
    expect(jobs.get('job-gone')?.error).toMatch(/could not resume.*file it was transcribing is gone/);
    expect(store.getSession(session.id)?.status).toBe('interrupted');
    expect(store.getTranscript(session.id)).toBe('kept');
  });
});

describe('providerBaseUrls', () => {
  const signal = new AbortController().signal;
  const definition = (executionMode: string) =>
    ({
      metadata: {
        label: 'P99',
        name: 'Example',
        executionMode,
        defaultBaseUrl: 'https://api.example.com/v1',
      },
    }) as unknown as ProviderDefinition<unknown>;

  it('prefers the endpoint, then the baseUrl, then the vendor default', async () => {
    const resolve = providerBaseUrls();
    await expect(
      resolve(definition('streaming'), { endpoint: 'http://127.0.0.1:1/proxy' }, signal),
    ).resolves.toBe('http://127.0.0.1:1/proxy');
    await expect(
      resolve(definition('windowed-debounce'), { baseUrl: 'http://127.0.0.1:8000' }, signal),
    ).resolves.toBe('http://127.0.0.1:8000');
    await expect(resolve(definition('streaming'), { apiKey: 'k' }, signal)).resolves.toBe(
      'https://api.example.com/v1',
    );
  });

  it('asks the managed runtime for P14, and refuses clearly when there is none', async () => {
    const lease = { baseUrl: 'http://127.0.0.1:8177', release: () => Promise.resolve() };
    await expect(
      providerBaseUrls(() => Promise.resolve(lease))(definition('managed-runtime'), {}, signal),
    ).resolves.toBe(lease);
    await expect(providerBaseUrls()(definition('managed-runtime'), {}, signal)).rejects.toThrow(
      'P99 Example runs on the local runtime, which this process cannot start.',
    );
  });
});
