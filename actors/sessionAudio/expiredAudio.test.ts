import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { audioRetentionValueId, type AudioRetention } from '../../store/audio/audioRetention.ts';
import {
  audioPartPath,
  createSessionAudioDirectory,
  sessionAudioDirectory,
} from '../../store/audio/sessionAudioFiles.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { deleteExpiredAudio } from './expiredAudio.ts';

const dayMs = 86_400_000;
const now = Date.UTC(2026, 10, 26, 12);
let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('expired-audio');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

/** A session whose one audio part was last written `daysAgo` days before `now`. */
function sessionWithAudio(
  id: string,
  daysAgo: number,
  options: { recording?: boolean; stored?: boolean } = {},
) {
  if (options.stored !== false) {
    store.createSession({ id, title: id, providerId: 'deepgram' });
    if (options.recording !== true) store.setSessionStatus(id, 'completed');
  }
  createSessionAudioDirectory(directory.path, id);
  const path = audioPartPath(directory.path, id, 1, 'ogg', false);
  writeFileSync(path, 'OggS');
  const written = new Date(now - daysAgo * dayMs);
  utimesSync(path, written, written);
}

const kept = (id: string) => existsSync(sessionAudioDirectory(directory.path, id));
const keep = (retention: AudioRetention) => store.setSetting(audioRetentionValueId, retention);

it('deletes the audio last written more than N days ago, keeping newer audio and its session', () => {
  keep(30);
  sessionWithAudio('old', 31);
  sessionWithAudio('recent', 29);
  expect(deleteExpiredAudio(store, directory.path, now)).toEqual(['old']);
  expect(kept('old')).toBe(false);
  expect(kept('recent')).toBe(true);
  expect(store.getSession('old')?.status).toBe('completed');
});

it('never touches the audio of a session that is recording', () => {
  keep(1);
  sessionWithAudio('live', 5, { recording: true });
  expect(deleteExpiredAudio(store, directory.path, now)).toEqual([]);
  expect(kept('live')).toBe(true);
});

it.each(['forever', 'never'] as const)('keeps every session’s audio when set to %s', (retention) => {
  keep(retention);
  sessionWithAudio('ancient', 3650);
  expect(deleteExpiredAudio(store, directory.path, now)).toEqual([]);
  expect(kept('ancient')).toBe(true);
});

it('deletes the audio of a session that no longer exists, whatever the setting', () => {
  sessionWithAudio('gone', 0, { stored: false });
  expect(deleteExpiredAudio(store, directory.path, now)).toEqual(['gone']);
  expect(kept('gone')).toBe(false);
});
