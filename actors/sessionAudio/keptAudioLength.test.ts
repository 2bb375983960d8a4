import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import { fixture } from '../../test/support/fixtures.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { webmOpus } from '../../test/support/webmOpus.ts';
import { SessionRecorder } from '../live/sessionRecorder.ts';
import { changeSessionStatus } from '../sessionStatusChange.ts';
import { lengthenToKeptAudio } from './keptAudioLength.ts';
import { startSessionAudioWriter } from './sessionAudioWriter.ts';

const pcm = readFileSync(fixture('audio/jfk.wav')).subarray(44);
const pcmMs = pcm.length / 32;
let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('kept-audio-length');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

/** A session cut off by a kill: its audio kept to the end, its last line committed at 2 s. */
async function cutOffSession(id: string): Promise<void> {
  store.createSession({ id, title: id, providerId: 'deepgram' });
  store.appendSegment(id, { text: 'And so, my fellow Americans', startMs: 0, endMs: 2_000 });
  const writer = startSessionAudioWriter({
    dataDirectory: directory.path,
    sessionId: id,
    audioFormat: 'pcm16',
    startMs: 0,
    onProblem: () => undefined,
  });
  writer.write(pcm);
  await writer.close();
  changeSessionStatus(store, id, { type: 'RECOVER' });
}

it('makes a cut-off session as long as its kept audio, so a resume times its lines after that audio', async () => {
  await cutOffSession('cut');
  expect(store.getSession('cut')?.durationMs).toBe(2_000);

  expect(await lengthenToKeptAudio(store, directory.path, ['cut'])).toEqual(['cut']);

  const durationMs = store.getSession('cut')?.durationMs ?? 0;
  expect(Math.abs(durationMs - pcmMs)).toBeLessThan(100);
  expect(SessionRecorder.resume(store, 'cut').startMs).toBe(durationMs);
});

it("counts an app capture's WebM part, which states no duration, by its decoded length", async () => {
  store.createSession({ id: 'app', title: 'app', providerId: 'soniox' });
  store.appendSegment('app', { text: 'And so, my fellow Americans', startMs: 0, endMs: 2_000 });
  const writer = startSessionAudioWriter({
    dataDirectory: directory.path,
    sessionId: 'app',
    audioFormat: 'webm-opus',
    startMs: 0,
    onProblem: () => undefined,
  });
  writer.write(await webmOpus(pcm));
  await writer.close();
  changeSessionStatus(store, 'app', { type: 'RECOVER' });

  expect(await lengthenToKeptAudio(store, directory.path, ['app'])).toEqual(['app']);
  expect(Math.abs((store.getSession('app')?.durationMs ?? 0) - pcmMs)).toBeLessThan(100);
});

it('leaves a session without audio, or already as long as its audio, as it is', async () => {
  store.createSession({ id: 'silent', title: 'silent', providerId: 'deepgram' });
  await cutOffSession('long');
  store.updateSession('long', { durationMs: 60_000 });
  expect(await lengthenToKeptAudio(store, directory.path, ['silent', 'long', 'gone'])).toEqual([]);
  expect(store.getSession('long')?.durationMs).toBe(60_000);
});
