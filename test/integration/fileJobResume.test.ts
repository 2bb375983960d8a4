import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { TranscriptionJobs } from '../../actors/fileJob/transcriptionJobs.ts';
import type { FileTranscriptionRequest } from '../../providers/contract.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { listAudioParts } from '../../store/audio/sessionAudioFiles.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { fixtureAudio, testProvider, type TestConfig } from './fileTranscriptionSupport.ts';

/**
 * A job cut off mid-chunk, as by kill -9, and taken up by the next start: every chunk's text ends up
 * in the session exactly once, in order, and the chunks committed before the crash are not sent
 * again. The "crash" leaves the first process's call hanging and its store open, as a killed
 * process leaves its database file; the restart opens the data directory afresh.
 * (test/integration/fileJobsCli.test.ts does the same with a real service killed by SIGKILL.)
 */
const directories: Array<ReturnType<typeof temporaryDirectory>> = [];
const stores: SessionStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const directory of directories.splice(0)) directory.remove();
});

/** Each chunk's text names its audio, so a resent or missing chunk shows in the transcript. */
function textOf(request: FileTranscriptionRequest<TestConfig>): string {
  const audio = readFileSync(request.wavPath).subarray(44);
  return `part ${createHash('sha256').update(audio).digest('hex').slice(0, 12)}`;
}

function service(options: { holdFrom?: number } = {}) {
  const directory = directories.at(-1) ?? temporaryDirectory('file-job-resume');
  if (!directories.includes(directory)) directories.push(directory);
  writeProviderConfig(directory.path, 'groq', { apiKey: 'test-key-1234' });
  const store = SessionStore.open(directory.path);
  stores.push(store);
  const sent: string[] = [];
  const provider = testProvider({
    // jfk.wav is 11 s: five chunks, each cut at a quiet moment before 3 s.
    fileLimits: { maxDurationMs: 3_000 },
    answer: (request, index) => {
      const text = textOf(request);
      sent.push(text);
      if (index >= (options.holdFrom ?? Infinity)) return new Promise(() => undefined);
      return Promise.resolve({ segments: [{ text, startMs: 0, endMs: request.durationMs }] });
    },
  });
  const jobs = new TranscriptionJobs({
    store,
    dataDirectory: directory.path,
    resolveBaseUrl: () => Promise.resolve('http://127.0.0.1:9'),
    findProvider: () => provider,
  });
  return { store, jobs, sent };
}

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 1000 && !condition(); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
}

it('resumes after the last committed chunk, and every chunk is in the session once, in order', async () => {
  const reference = service();
  const whole = await reference.jobs.start({ path: fixtureAudio('jfk.wav'), provider: 'groq' }).finished;
  const expected = reference.store.getSegments(whole.sessionId).map((segment) => segment.text);
  expect(expected).toHaveLength(5);
  await reference.jobs.fileAudioKept(whole.jobId);
  directories.push(temporaryDirectory('file-job-resume'));

  const crashed = service({ holdFrom: 2 });
  const job = crashed.jobs.start({ path: fixtureAudio('jfk.wav'), provider: 'groq' });
  await until(() => crashed.sent.length === 3);
  expect(crashed.store.getFileJob(job.id)).toMatchObject({ chunksDone: 2, state: 'running' });

  const restarted = service();
  const [resumed] = restarted.jobs.resumeUnfinished();
  expect(resumed?.id).toBe(job.id);
  const status = await resumed?.finished;
  expect(status).toMatchObject({ state: 'completed', resumeCount: 1, chunkCount: 5 });
  // Nothing committed before the crash is sent again: only the chunk then in flight and those after it.
  expect(restarted.sent).toEqual(expected.slice(2));
  expect(restarted.store.getSegments(job.sessionId).map((segment) => segment.text)).toEqual(expected);
  expect(restarted.store.getSession(job.sessionId)).toMatchObject({ status: 'completed' });
  // A resumed job keeps its file's audio like any other.
  await restarted.jobs.fileAudioKept(job.id);
  expect(listAudioParts(directories.at(-1)?.path ?? '', job.sessionId)).toHaveLength(1);
});
