import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFileJob } from '../../actors/fileJob/fileJob.ts';
import { providerBaseUrls } from '../../actors/fileJob/transcriptionJobs.ts';
import { findProvider } from '../../providers/registry.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { startSixtyDbFake, sixtyDbFakeApiKey, sixtyDbFakeMaxFileBytes } from '../fakes/sixtydb/server.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { readWavInfo } from '../fakes/wavAudio.ts';
import { fixture } from '../support/fixtures.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { mediaToolCommand } from '../../actors/fileJob/mediaTools.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let fake: ProviderFake;

beforeEach(async () => {
  directory = temporaryDirectory('size-limit');
  store = SessionStore.open(join(directory.path, 'data'));
  fake = await startSixtyDbFake();
});
afterEach(async () => {
  await fake.close();
  store.close();
  directory.remove();
});

it('sends a file over P08’s 10 MB request limit in chunks under it, with continuous timestamps', async () => {
  // 6 minutes of 16 kHz mono PCM16 is 11.5 MB: one request would exceed the limit.
  const longFile = join(directory.path, 'six-minutes.mp3');
  execFileSync(mediaToolCommand('ffmpeg'), [
    '-nostdin',
    '-loglevel',
    'error',
    '-stream_loop',
    '7',
    '-i',
    fixture('audio/long-16k.wav'),
    '-t',
    '360',
    '-ac',
    '1',
    '-ar',
    '16000',
    longFile,
  ]);
  const definition = findProvider('P08');
  if (definition === undefined) throw new Error('P08 is not registered');
  const job = createFileJob({
    path: longFile,
    definition,
    rawConfig: { apiKey: sixtyDbFakeApiKey, endpoint: fake.baseUrl },
    store,
    resolveBaseUrl: providerBaseUrls(),
  });
  job.start();
  const final = await job.finished;

  expect(final.state, final.error ?? '').toBe('completed');
  const uploads = fake.requests.filter((request) => request.method === 'POST');
  expect(uploads.length).toBe(2);
  for (const upload of uploads) expect(upload.body.length).toBeLessThanOrEqual(sixtyDbFakeMaxFileBytes);
  const uploadedMs = uploads.map((upload) => {
    const start = upload.body.indexOf('RIFF');
    return readWavInfo(upload.body.subarray(start))?.durationMs ?? 0;
  });
  expect(uploadedMs.reduce((sum, duration) => sum + duration, 0)).toBeGreaterThan(359_000);

  const segments = store.getSegments(job.sessionId);
  expect(segments.at(-1)?.endMs).toBeGreaterThan(uploadedMs[0] ?? Infinity);
  for (let index = 1; index < segments.length; index++) {
    expect(segments[index]?.startMs).toBeGreaterThanOrEqual(segments[index - 1]?.startMs ?? 0);
  }
  expect(store.getSession(job.sessionId)).toMatchObject({ status: 'completed', durationMs: 360_000 });
});
