import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import type { AiJobRecord } from './aiJobTable.ts';
import { databaseFileName } from './database.ts';
import type { FileJobRecord } from './fileJobTable.ts';
import { SessionStore } from './sessionStore.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('job-tables');
  store = SessionStore.open(directory.path);
});

afterEach(() => {
  store.close();
  directory.remove();
});

function reopen(): void {
  store.close();
  store = SessionStore.open(directory.path);
}

function fileJob(sessionId: string, id = 'file-job-1', createdAt = 1_000): FileJobRecord {
  return {
    id,
    sessionId,
    path: '/data/uploads/talk.m4a',
    title: 'talk.m4a',
    providerId: 'groq',
    language: 'en',
    state: 'running',
    chunkDurationsMs: [600_000, 120_000],
    chunksDone: 0,
    submitted: null,
    error: null,
    resumeCount: 0,
    createdAt,
    updatedAt: createdAt,
  };
}

describe('file jobs', () => {
  it('keep every field across a reopen, newest first', () => {
    const session = store.createSession({ title: 'talk', providerId: 'groq' });
    store.createFileJob(fileJob(session.id, 'older', 1_000));
    store.createFileJob(fileJob(session.id, 'newer', 2_000));
    store.updateFileJob('older', { submitted: { chunkIndex: 1, vendorJobId: 'vendor-7' }, resumeCount: 2 });
    reopen();
    expect(store.listFileJobs(10).map((job) => job.id)).toEqual(['newer', 'older']);
    expect(store.getFileJob('older')).toMatchObject({
      ...fileJob(session.id, 'older'),
      submitted: { chunkIndex: 1, vendorJobId: 'vendor-7' },
      resumeCount: 2,
      updatedAt: expect.any(Number) as number,
    });
    expect(() => store.updateFileJob('nope', { state: 'failed' })).toThrow(/no file job nope/);
  });

  it("commit a chunk's segments and its mark together, or neither", () => {
    const session = store.createSession({ title: 'talk', providerId: 'groq' });
    store.createFileJob({ ...fileJob(session.id), submitted: { chunkIndex: 0, vendorJobId: 'vendor-1' } });
    store.commitFileJobChunk('file-job-1', 1, 600_000, [
      { text: 'first', startMs: 0, endMs: 1_000 },
      { text: ' ', startMs: 1_000, endMs: 2_000 },
      { text: 'second', startMs: 2_000, endMs: 3_000 },
    ]);
    expect(store.getSegments(session.id).map((segment) => segment.text)).toEqual(['first', 'second']);
    expect(store.getSession(session.id)?.durationMs).toBe(600_000);
    expect(store.getFileJob('file-job-1')).toMatchObject({ chunksDone: 1, submitted: null });

    // The job's row refuses the write, as a full disk would midway: the segments go too.
    const other = new DatabaseSync(join(directory.path, databaseFileName));
    other.exec(
      "CREATE TRIGGER refuse BEFORE UPDATE ON fileJobs BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END",
    );
    expect(() =>
      store.commitFileJobChunk('file-job-1', 2, 720_000, [
        { text: 'third', startMs: 600_000, endMs: 601_000 },
      ]),
    ).toThrow(/disk is full.*nothing was changed/);
    other.exec('DROP TRIGGER refuse');
    other.close();
    expect(store.getSegments(session.id).map((segment) => segment.text)).toEqual(['first', 'second']);
    reopen();
    expect(store.getSegments(session.id).map((segment) => segment.text)).toEqual(['first', 'second']);
    expect(store.getFileJob('file-job-1')?.chunksDone).toBe(1);
    expect(store.getSession(session.id)?.durationMs).toBe(600_000);
  });
});

describe('AI jobs', () => {
  it('keep their work and state across a reopen', () => {
    const session = store.createSession({ title: 'talk', providerId: 'groq' });
    const job: AiJobRecord = {
      id: 'ai-job-1',
      sessionId: session.id,
      work: { kind: 'digest', artefacts: ['summary', 'chapters'] },
      aiProvider: null,
      state: 'queued',
      error: null,
      resumeCount: 0,
      createdAt: 5,
      updatedAt: 5,
    };
    store.createAiJob(job);
    store.updateAiJob('ai-job-1', { state: 'failed', error: 'The key was refused.' });
    reopen();
    expect(store.listAiJobs(5)).toEqual([
      { ...job, state: 'failed', error: 'The key was refused.', updatedAt: expect.any(Number) as number },
    ]);
    expect(() => store.updateAiJob('nope', { state: 'done' })).toThrow(/no AI job nope/);
  });
});
