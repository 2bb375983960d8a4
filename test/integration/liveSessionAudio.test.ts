import { copyFileSync, existsSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { LiveSessionUpdate } from '../../actors/live/liveSession.ts';
import { probeMedia } from '../../actors/fileJob/probeMedia.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { audioRetentionValueId } from '../../store/audio/audioRetention.ts';
import { audioPartPath, listAudioParts, sessionAudioDirectory } from '../../store/audio/sessionAudioFiles.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { deepgramFakeApiKey } from '../fakes/deepgram/server.ts';
import { startDeepgramStreamingFake } from '../fakes/deepgram/streamingServer.ts';
import { markedSentences, markedSpeech, markedText, slotMs } from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { playIntoSession, storedWords } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * A live session in a running service keeps its audio beside it (real ffmpeg, the Deepgram fake
 * behind the real proxy); keeping it can fail without costing a word; a start-up finishes what a
 * crash cut off.
 */
const words = markedSentences(12);
const speech = markedSpeech(words);

let fake: StreamingFake;
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService | undefined;

async function start(): Promise<RunningService> {
  service = await startService({
    dataDirectory: directory.path,
    port: 0,
    liveReconnectBackoffMs: 20,
    liveFinishTimeoutMs: 1000,
  });
  return service;
}

async function durationOf(path: string): Promise<number> {
  return (await probeMedia(path, new AbortController().signal)).durationMs ?? 0;
}

beforeAll(async () => {
  fake = await startDeepgramStreamingFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  directory = temporaryDirectory('live-audio');
  writeProviderConfig(directory.path, 'deepgram', { apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl });
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  directory.remove();
});

it('writes the session audio as it arrives and finishes it when the session ends', async () => {
  const running = await start();
  const session = running.live.start({ provider: 'P06', title: 'Kept' });
  await playIntoSession(session, speech);
  // While the session records, its part grows under its unfinished name. ffmpeg writes its first
  // Ogg page once it has started and encoded 200 ms, which on a busy machine can take longer than
  // any fixed wait (a clean run saw an empty part after 500 ms), so the check is asked again.
  await vi.waitFor(
    () => {
      const [recording] = listAudioParts(directory.path, session.id);
      expect(recording).toMatchObject({ number: 1, container: 'ogg', recording: true });
      expect(statSync(recording?.path ?? '').size).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 50 },
  );
  await session.stop();

  expect(storedWords(running.store, session.id)).toBe(markedText(words));
  const [part] = listAudioParts(directory.path, session.id);
  expect(part).toMatchObject({ number: 1, container: 'ogg', recording: false });
  expect(Math.abs((await durationOf(part?.path ?? '')) - words.length * slotMs)).toBeLessThan(150);
});

it('says on the session when its audio cannot be kept, and transcribes every word regardless', async () => {
  // The audio folder's place is taken by a file: no session's audio can be written under it.
  writeFileSync(`${directory.path}/audio`, 'not a folder');
  const running = await start();
  const session = running.live.start({ provider: 'P06' });
  const updates: LiveSessionUpdate[] = [];
  session.subscribe((update) => updates.push(update));
  await playIntoSession(session, speech);
  const ended = await session.stop();

  expect(ended.state).toBe('completed');
  expect(storedWords(running.store, session.id)).toBe(markedText(words));
  const problem = updates.find((update) => update.audioProblem !== undefined)?.audioProblem;
  expect(problem).toMatch(/^The session's audio is no longer being saved \(.+\); the transcript goes on\.$/);
  expect(ended.audioProblem).toBe(problem);
});

it('finishes at start-up an Ogg part a crash cut off mid-page, keeping its audio and its session', async () => {
  const first = await start();
  const session = first.live.start({ provider: 'P06' });
  await playIntoSession(session, speech);
  await session.stop();
  await first.close();
  const [whole] = listAudioParts(directory.path, session.id);
  // What a kill leaves of a resumed capture: the same pages, the last one cut short, as an
  // unfinished second part.
  const cut = audioPartPath(directory.path, session.id, 2, 'ogg', true);
  copyFileSync(whole?.path ?? '', cut);
  truncateSync(cut, readFileSync(cut).length - 300);

  await start();
  const [, repaired] = listAudioParts(directory.path, session.id);
  expect(repaired).toMatchObject({ number: 2, container: 'ogg', recording: false });
  expect(await durationOf(repaired?.path ?? '')).toBeGreaterThan(words.length * slotMs - 1000);
});

it('records no audio once the retention setting says never, and transcribes as before', async () => {
  const running = await start();
  running.store.setSetting(audioRetentionValueId, 'never');
  const session = running.live.start({ provider: 'P06' });
  await playIntoSession(session, speech);
  expect((await session.stop()).state).toBe('completed');
  expect(storedWords(running.store, session.id)).toBe(markedText(words));
  expect(existsSync(sessionAudioDirectory(directory.path, session.id))).toBe(false);
});
