import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { audioPartPath, createSessionAudioDirectory } from '../../store/audio/sessionAudioFiles.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { earshotBin, runEarshot } from '../support/earshotProcess.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/** `earshot sessions audio ID [FILE]` against a data directory, as a user runs it. */
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
    'Session no-audio has no recorded audio. Earshot keeps the audio of live recordings; file transcriptions and sessions recorded by earlier versions have none.',
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
