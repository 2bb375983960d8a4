import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import { fixtureAudio, testProvider } from '../../test/integration/fileTranscriptionSupport.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { createTranscriptionControl } from './transcriptionControl.ts';
import { TranscriptionJobs } from '../../actors/fileJob/transcriptionJobs.ts';
import { createUploadControl } from './uploadControl.ts';
import { staleUploadAgeMs, uploadsDirectory } from '../../store/uploadedFiles.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let jobs: TranscriptionJobs;
let app: Hono;

function setUp(maxUploadBytes?: number) {
  app = new Hono()
    .route('/control/v1', createUploadControl({ dataDirectory: directory.path, maxUploadBytes }))
    .route('/control/v1', createTranscriptionControl(jobs, directory.path));
}

beforeEach(() => {
  directory = temporaryDirectory('upload-control');
  store = SessionStore.open(directory.path);
  writeProviderConfig(directory.path, 'groq', { apiKey: 'test-key-1234' });
  const provider = testProvider();
  jobs = new TranscriptionJobs({
    store,
    dataDirectory: directory.path,
    resolveBaseUrl: () => Promise.resolve('http://127.0.0.1:9'),
    findProvider: (name) => (name === 'groq' ? provider : undefined),
  });
  setUp();
});

afterEach(async () => {
  await jobs.close();
  store.close();
  directory.remove();
});

/** A body that arrives in `chunks` pieces and then fails if `failAfter` says so, as a dropped client does. */
function streamedBody(chunks: Uint8Array[], failAfter = false): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk !== undefined) controller.enqueue(chunk);
      else if (failAfter) controller.error(new Error('connection reset'));
      else controller.close();
    },
  });
}

async function upload(
  name: string | undefined,
  body: RequestInit['body'],
  headers: Record<string, string> = {},
) {
  const query = name === undefined ? '' : `?name=${encodeURIComponent(name)}`;
  // A streamed request body needs `duplex`, which the type of RequestInit does not know yet.
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', ...headers },
    body,
    duplex: 'half',
  };
  const response = await app.request(`/control/v1/uploads${query}`, init);
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { fields?: Record<string, string> },
  };
}

function uploadedFiles(): string[] {
  const folder = uploadsDirectory(directory.path);
  return existsSync(folder) ? readdirSync(folder) : [];
}

async function transcribe(body: Record<string, unknown>) {
  const response = await app.request('/control/v1/transcriptions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(202);
  return (await response.json()) as { jobId: string; sessionId: string };
}

describe('POST /uploads', () => {
  it('streams the body to the uploads folder under a fresh name that keeps the original one', async () => {
    const chunks = Array.from({ length: 64 }, (_, index) => new Uint8Array(16_384).fill(index));
    const { status, body } = await upload('Board meeting (final).m4a', streamedBody(chunks));
    expect(status).toBe(201);
    const path = String(body.path);
    expect(body.bytes).toBe(64 * 16_384);
    expect(dirname(path)).toBe(uploadsDirectory(directory.path));
    expect(basename(path)).toMatch(/^[0-9a-f-]{36}-Board meeting \(final\)\.m4a$/);
    expect(readFileSync(path)).toEqual(Buffer.concat(chunks));
    const again = await upload('Board meeting (final).m4a', 'x');
    expect(again.body.path).not.toBe(path);
  });

  it('keeps a hostile name inside the uploads folder', async () => {
    const { status, body } = await upload('../../secrets.json', 'data');
    expect(status).toBe(201);
    expect(dirname(String(body.path))).toBe(uploadsDirectory(directory.path));
    expect(basename(String(body.path))).toMatch(/^[0-9a-f-]{36}-_\.\._secrets\.json$/);
  });

  it('refuses an upload without a name, and an empty one, leaving no file', async () => {
    const unnamed = await upload(undefined, 'data');
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.fields).toEqual({ name: 'Required: the original file name, with its extension.' });
    const empty = await upload('empty.wav', '');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('empty_upload');
    const emptyStream = await upload('empty.wav', streamedBody([]));
    expect(emptyStream.status).toBe(400);
    expect(uploadedFiles()).toEqual([]);
  });

  it('refuses more than the limit with 413, by its declared length or as it streams, leaving no file', async () => {
    setUp(1_000);
    const declared = await upload('big.wav', 'x'.repeat(1_001), { 'content-length': '1001' });
    expect(declared.status).toBe(413);
    expect(declared.body.code).toBe('upload_too_large');
    const streamed = await upload('big.wav', streamedBody([new Uint8Array(600), new Uint8Array(600)]));
    expect(streamed.status).toBe(413);
    expect(uploadedFiles()).toEqual([]);
    expect((await upload('fits.wav', streamedBody([new Uint8Array(1_000)]))).status).toBe(201);
  });

  it('leaves no file when the upload breaks off', async () => {
    const { status, body } = await upload('broken.wav', streamedBody([new Uint8Array(1_000)], true));
    expect(status).toBe(500);
    expect(body.code).toBe('upload_failed');
    expect(uploadedFiles()).toEqual([]);
  });

  it('removes uploads older than a day when it starts, and keeps newer ones', () => {
    const folder = uploadsDirectory(directory.path);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'old.wav'), 'old');
    writeFileSync(join(folder, 'new.wav'), 'new');
    const dayAndMinuteAgo = (Date.now() - staleUploadAgeMs - 60_000) / 1000;
    utimesSync(join(folder, 'old.wav'), dayAndMinuteAgo, dayAndMinuteAgo);
    setUp();
    expect(uploadedFiles()).toEqual(['new.wav']);
  });
});

describe('a transcription of an upload', () => {
  async function uploadAudio(): Promise<string> {
    const { status, body } = await upload('JFK speech.wav', readFileSync(fixtureAudio('jfk.wav')));
    expect(status).toBe(201);
    expect(body.upload).toBe(basename(String(body.path)));
    return String(body.path);
  }

  it('is titled by the original name, and the upload is gone when the job has completed', async () => {
    const path = await uploadAudio();
    const { jobId, sessionId } = await transcribe({ upload: basename(path), provider: 'groq' });
    expect((await jobs.finished(jobId))?.state).toBe('completed');
    expect(store.getSession(sessionId)).toMatchObject({ title: 'JFK speech.wav', status: 'completed' });
    expect(existsSync(path)).toBe(false);
  });

  it('keeps a title given with the job', async () => {
    const { jobId, sessionId } = await transcribe({
      upload: basename(await uploadAudio()),
      provider: 'groq',
      title: 'Moon',
    });
    await jobs.finished(jobId);
    expect(store.getSession(sessionId)?.title).toBe('Moon');
  });

  it('removes the upload when the job fails, and when it is cancelled', async () => {
    writeProviderConfig(directory.path, 'groq', {});
    const failing = await uploadAudio();
    const failed = await transcribe({ upload: basename(failing), provider: 'groq' });
    expect((await jobs.finished(failed.jobId))?.state).toBe('failed');
    expect(existsSync(failing)).toBe(false);

    writeProviderConfig(directory.path, 'groq', { apiKey: 'test-key-1234' });
    const cancelling = await uploadAudio();
    const cancelled = await transcribe({ upload: basename(cancelling), provider: 'groq' });
    jobs.cancel(cancelled.jobId);
    expect((await jobs.finished(cancelled.jobId))?.state).toBe('cancelled');
    expect(existsSync(cancelling)).toBe(false);
    expect(uploadedFiles()).toEqual([]);
  });

  it('leaves files that are not uploads where they are (a job in the CLI’s own process)', async () => {
    const elsewhere = join(directory.path, 'mine.wav');
    copyFileSync(fixtureAudio('jfk.wav'), elsewhere);
    const notNamedAsUpload = join(uploadsDirectory(directory.path), 'mine.wav');
    mkdirSync(dirname(notNamedAsUpload), { recursive: true });
    copyFileSync(fixtureAudio('jfk.wav'), notNamedAsUpload);
    for (const path of [elsewhere, notNamedAsUpload]) {
      const job = jobs.start({ path, provider: 'groq' });
      expect((await job.finished).state).toBe('completed');
      expect(store.getSession(job.sessionId)?.title).toBe('mine.wav');
      expect(existsSync(path)).toBe(true);
    }
  });

  it('refuses a file in the uploads folder that is not named as an upload', async () => {
    const notNamedAsUpload = join(uploadsDirectory(directory.path), 'mine.wav');
    mkdirSync(dirname(notNamedAsUpload), { recursive: true });
    copyFileSync(fixtureAudio('jfk.wav'), notNamedAsUpload);
    const response = await app.request('/control/v1/transcriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ upload: 'mine.wav', provider: 'groq' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('upload_not_found');
    expect(store.listSessions({ limit: 10, offset: 0 }).total).toBe(0);
  });
});
