import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveSession } from '../../actors/live/liveSession.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { fixture as funasrFixture } from '../fakes/funasr/fixture.ts';
import { markedSentences, markedSpeech } from '../fakes/streaming/markedSpeech.ts';
import { pcmWav } from '../fakes/wavAudio.ts';
import { closedPort } from '../support/closedPort.ts';
import { runEarshotAsync } from '../support/earshotProcess.ts';
import { playIntoSession } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * A provider that cannot be reached, in a running service: the session fails within seconds of
 * its start with the reason and what to do, Stop never waits through reconnects, and no empty
 * `completed` session is left behind (issue #13). Bounds are generous: "within a few seconds".
 */
const speech = markedSpeech(markedSentences(12));
const fewSecondsMs = 10_000;
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;

beforeAll(async () => {
  directory = temporaryDirectory('live-unreachable');
  service = await startService({ dataDirectory: directory.path, port: 0 });
});
afterAll(async () => {
  await service.close();
  directory.remove();
});

/** Waits for the session's end, failing the test if it takes longer than `limitMs`. */
async function endedWithin(session: LiveSession, limitMs: number) {
  const started = performance.now();
  const ended = await Promise.race([
    session.ended,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`the session did not end within ${limitMs} ms`)), limitMs),
    ),
  ]);
  return { ended, elapsedMs: performance.now() - started };
}

function completedSessions(): string[] {
  return service.store
    .listSessions({ limit: 100, offset: 0, status: 'completed' })
    .sessions.map((session) => session.id);
}

describe('at the start', () => {
  it('P13 pointed at a closed port: interrupted within seconds, saying why and what to do', async () => {
    const address = `http://127.0.0.1:${await closedPort()}`;
    writeProviderConfig(directory.path, 'funasr', { baseUrl: address });
    const session = service.live.start({ provider: 'P13' });
    void playIntoSession(session, speech.subarray(0, 32_000 * 3), 1);
    const { ended, elapsedMs } = await endedWithin(session, fewSecondsMs);

    expect(elapsedMs).toBeLessThan(fewSecondsMs);
    expect(ended.state).toBe('interrupted');
    expect(ended.error).toBe(
      `Cannot reach P13 FunASR / SenseVoice server at ${address} (connection refused). ` +
        'Start the server, or fix its address. Fix it with: earshot providers set funasr baseUrl=URL',
    );
    expect(service.store.getSession(session.id)?.status).toBe('interrupted');
    expect(completedSessions()).not.toContain(session.id);
    // Stop on a session that has ended is answered at once.
    const stopped = performance.now();
    await session.stop();
    expect(performance.now() - stopped).toBeLessThan(1_000);
  });

  it('a streaming provider (P06 through the proxy) pointed at a closed port: the same', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    writeProviderConfig(directory.path, 'deepgram', { apiKey: 'dg-secret-value-1234', endpoint });
    const session = service.live.start({ provider: 'P06' });
    const { ended, elapsedMs } = await endedWithin(session, fewSecondsMs);

    expect(elapsedMs).toBeLessThan(fewSecondsMs);
    expect(ended.state).toBe('interrupted');
    expect(ended.error).toMatch(
      /^Cannot reach Deepgram at ws:\/\/127\.0\.0\.1:\d+ \(connection refused\)\. Check the network connection/,
    );
    expect(ended.error).not.toContain('dg-secret-value-1234');
    expect(completedSessions()).not.toContain(session.id);
  });

  it('P07 with its streaming address at a closed port: the advice names streamingEndpoint, not endpoint', async () => {
    const streamingEndpoint = `http://127.0.0.1:${await closedPort()}`;
    writeProviderConfig(directory.path, 'assemblyai', { apiKey: 'aai-secret-value-1234', streamingEndpoint });
    const session = service.live.start({ provider: 'P07' });
    const { ended } = await endedWithin(session, fewSecondsMs);

    expect(ended.state).toBe('interrupted');
    expect(ended.error).toMatch(
      /^Cannot reach AssemblyAI at ws:\/\/127\.0\.0\.1:\d+ \(connection refused\)\. Check the network connection; if you set streamingEndpoint, clear it/,
    );
    expect(ended.error).toContain('earshot providers set assemblyai streamingEndpoint=');
  });
});

it('a server that goes away mid-session: Stop is quick and the session ends interrupted with why', async () => {
  const fake = await funasrFixture.start();
  writeProviderConfig(directory.path, 'funasr', { baseUrl: fake.baseUrl });
  const session = service.live.start({ provider: 'P13' });
  await expect.poll(() => session.current().state, { timeout: fewSecondsMs }).toBe('streaming');
  await playIntoSession(session, speech.subarray(0, 32_000 * 6), 4);
  await expect
    .poll(() => fake.requests.some((request) => request.method === 'POST'), { timeout: fewSecondsMs })
    .toBe(true);
  await fake.close();
  await playIntoSession(session, speech.subarray(32_000 * 6, 32_000 * 8), 4);

  const started = performance.now();
  const ended = await session.stop();
  const stopMs = performance.now() - started;

  expect(stopMs).toBeLessThan(fewSecondsMs);
  expect(ended.state).toBe('interrupted');
  expect(ended.error).toContain(
    `Cannot reach P13 FunASR / SenseVoice server at ${fake.baseUrl} (connection refused).`,
  );
  expect(service.store.getSession(session.id)?.status).toBe('interrupted');
}, 30_000);

it('earshot live --provider P13 --from FILE: exits 1 within seconds, printing the reason; no completed session', async () => {
  const dataDirectory = join(directory.path, 'cli');
  const address = `http://127.0.0.1:${await closedPort()}`;
  writeProviderConfig(dataDirectory, 'funasr', { baseUrl: address });
  const wavPath = join(directory.path, 'meeting.wav');
  writeFileSync(wavPath, pcmWav(speech));

  const started = performance.now();
  const result = await runEarshotAsync([
    'live',
    '--provider',
    'P13',
    '--from',
    wavPath,
    '--data-dir',
    dataDirectory,
  ]);
  const elapsedMs = performance.now() - started;

  expect(result.status).toBe(1);
  expect(elapsedMs).toBeLessThan(fewSecondsMs);
  expect(result.stderr).toMatch(/Saved as session .* \(interrupted\)\./);
  expect(result.stderr).toContain(
    `earshot: Cannot reach P13 FunASR / SenseVoice server at ${address} (connection refused). Start the server`,
  );
  const store = SessionStore.open(dataDirectory, { readOnly: true });
  try {
    const statuses = store.listSessions({ limit: 10, offset: 0 }).sessions.map((session) => session.status);
    expect(statuses).toEqual(['interrupted']);
  } finally {
    store.close();
  }
}, 30_000);
