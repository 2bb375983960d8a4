import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { pack } from 'tar-stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  audioPartPath,
  createSessionAudioDirectory,
  listAudioParts,
  writeAudioPartStart,
} from '../../store/audio/sessionAudioFiles.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { earshotBin, runEarshot } from '../support/earshotProcess.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * `earshot sessions audio ID [FILE]`, `sessions keep-audio` and `export --with-audio` / `import`
 * against a data directory, as a user runs them.
 */
let directory: ReturnType<typeof temporaryDirectory>;
const recorded = Buffer.from(Array.from({ length: 5000 }, (_, index) => (index * 7) % 256));

beforeEach(() => {
  directory = temporaryDirectory('session-audio-cli');
  const store = SessionStore.open(directory.path);
  store.createSession({ id: 'with-audio', title: 'Kept', providerId: 'deepgram' });
  store.createSession({ id: 'no-audio', title: 'From a file', providerId: 'deepgram' });
  store.close();
  createSessionAudioDirectory(directory.path, 'with-audio');
  writeFileSync(audioPartPath(directory.path, 'with-audio', 1, 'webm', false), recorded);
});
afterEach(() => directory.remove());

it('writes the audio to FILE, saying where on stderr', () => {
  const file = `${directory.path}/out.webm`;
  const result = runEarshot(['sessions', 'audio', 'with-audio', file, '--data-dir', directory.path]);
  expect(result.status).toBe(0);
  expect(readFileSync(file).equals(recorded)).toBe(true);
  expect(result.stderr).toContain(`Audio of session with-audio (Opus in WebM) written to ${file}.`);
  expect(existsSync(`${file}.partial`)).toBe(false);
});

it('writes the audio to stdout, byte for byte, without FILE', () => {
  const result = spawnSync(earshotBin, ['sessions', 'audio', 'with-audio', '--data-dir', directory.path]);
  expect(result.status).toBe(0);
  expect(result.stdout.equals(recorded)).toBe(true);
});

it('says a session has no audio, or does not exist, with exit 1 and nothing written', () => {
  const file = `${directory.path}/none.ogg`;
  const none = runEarshot(['sessions', 'audio', 'no-audio', file, '--data-dir', directory.path]);
  expect(none.status).toBe(1);
  expect(none.stderr).toContain(
    'Session no-audio has no recorded audio. Earshot keeps the audio of live recordings and transcribed files; sessions made by earlier versions, or while audio retention was never, have none.',
  );
  expect(existsSync(file)).toBe(false);
  const unknown = runEarshot(['sessions', 'audio', 'nope', '--data-dir', directory.path]);
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toContain('There is no session nope.');
});

it('shows and sets how long audio is kept, refusing what it does not take', () => {
  const keepAudio = (...args: string[]) =>
    runEarshot(['sessions', 'keep-audio', ...args, '--data-dir', directory.path]);
  expect(keepAudio().stdout).toBe('Recorded audio is kept until its session is deleted.\n');
  expect(keepAudio('30').stdout).toBe(
    'Recorded audio is deleted 30 days after it was recorded; the transcripts stay.\n',
  );
  expect(keepAudio('never').stdout).toBe(
    'Live sessions record no audio; audio recorded before stays until its session is deleted.\n',
  );
  const refused = keepAudio('0');
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('"forever", "never", or a number of days from 1 to 36500.');
  expect(keepAudio('sometimes').status).toBe(2);
  expect(keepAudio().stdout).toContain('Live sessions record no audio');
  // The audio recorded before the change is still there.
  expect(existsSync(audioPartPath(directory.path, 'with-audio', 1, 'webm', false))).toBe(true);
});

describe('export --with-audio and import', () => {
  it('carries the sessions and their audio, byte for byte, to another data directory', () => {
    const archive = `${directory.path}/backup.tar`;
    writeAudioPartStart(directory.path, 'with-audio', 1, 1_500);
    const exported = runEarshot(['export', archive, '--with-audio', '--data-dir', directory.path]);
    expect(exported.status).toBe(0);
    expect(exported.stderr).toContain(
      `Backup written to ${archive}. It holds the audio of 1 session (5000 bytes).`,
    );
    expect(readFileSync(archive).subarray(257, 262).toString('latin1')).toBe('ustar');

    const elsewhere = temporaryDirectory('session-audio-cli-import');
    try {
      const imported = runEarshot(['import', archive, '--data-dir', elsewhere.path]);
      expect(imported.stderr).toBe('');
      expect(imported.stdout).toBe(
        'Imported 2 sessions, 0 topics and 0 tags (merge). Audio of 1 session restored.\n',
      );
      expect(
        readFileSync(audioPartPath(elsewhere.path, 'with-audio', 1, 'webm', false)).equals(recorded),
      ).toBe(true);
      expect(listAudioParts(elsewhere.path, 'with-audio')[0]?.startMs).toBe(1_500);
      expect(readdirSync(elsewhere.path).filter((name) => name.startsWith('.audio-import-'))).toEqual([]);
      const store = SessionStore.open(elsewhere.path);
      expect(store.getSession('with-audio')?.title).toBe('Kept');
      store.close();
    } finally {
      elsewhere.remove();
    }
  });

  it('refuses an archive with an entry that could land outside the audio folder, and changes nothing', async () => {
    const archive = `${directory.path}/crafted.tar`;
    const backup = runEarshot(['export', '--data-dir', directory.path]).stdout;
    const entries = pack();
    entries.entry({ name: 'earshot-backup.json' }, backup);
    entries.entry({ name: 'audio/../../escaped/part-1.ogg' }, 'OggS');
    entries.finalize();
    await pipeline(entries, createWriteStream(archive));

    const elsewhere = temporaryDirectory('session-audio-cli-crafted');
    try {
      const imported = runEarshot(['import', archive, '--data-dir', elsewhere.path]);
      expect(imported.status).toBe(1);
      expect(imported.stderr).toContain(
        'The archive holds "audio/../../escaped/part-1.ogg", which no Earshot backup holds; nothing was imported.',
      );
      expect(existsSync(`${elsewhere.path}/../escaped`)).toBe(false);
      expect(readdirSync(elsewhere.path).filter((name) => name.startsWith('.audio-import-'))).toEqual([]);
      const store = SessionStore.open(elsewhere.path);
      expect(store.listSessions({ limit: 10, offset: 0 }).total).toBe(0);
      store.close();
    } finally {
      elsewhere.remove();
    }
  });
});
