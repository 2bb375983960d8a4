import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import {
  audioPartPath,
  createSessionAudioDirectory,
  deleteSessionAudio,
  listAudioParts,
  sessionsWithAudio,
} from './sessionAudioFiles.ts';

let directory: ReturnType<typeof temporaryDirectory>;
beforeEach(() => (directory = temporaryDirectory('session-audio-files')));
afterEach(() => directory.remove());

it('lists a session’s parts in recording order, telling unfinished ones apart, ignoring other files', () => {
  createSessionAudioDirectory(directory.path, 's');
  for (const [number, container, recording] of [
    [10, 'ogg', true],
    [2, 'webm', false],
    [1, 'ogg', false],
  ] as const) {
    writeFileSync(audioPartPath(directory.path, 's', number, container, recording), '');
  }
  writeFileSync(`${directory.path}/audio/s/whole.ogg`, '');
  expect(
    listAudioParts(directory.path, 's').map(({ number, container, recording }) => ({
      number,
      container,
      recording,
    })),
  ).toEqual([
    { number: 1, container: 'ogg', recording: false },
    { number: 2, container: 'webm', recording: false },
    { number: 10, container: 'ogg', recording: true },
  ]);
  expect(sessionsWithAudio(directory.path)).toEqual(['s']);
  deleteSessionAudio(directory.path, 's');
  expect(listAudioParts(directory.path, 's')).toEqual([]);
  expect(sessionsWithAudio(directory.path)).toEqual([]);
});

it('has nothing for a data directory that never kept audio', () => {
  expect(listAudioParts(directory.path, 'any')).toEqual([]);
  expect(sessionsWithAudio(directory.path)).toEqual([]);
  expect(() => deleteSessionAudio(directory.path, 'any')).not.toThrow();
});

it('keeps every session id inside audio/, so deleting a restored session with a strange id removes only its audio', () => {
  const ids = ['..', '.', '../outside', 'a/b', '~x', 'Ünïcode id', 'x'.repeat(300)];
  const keep = join(directory.path, 'keep.txt');
  writeFileSync(keep, 'not audio');
  mkdirSync(join(directory.path, 'outside'));
  for (const id of ids.slice(0, -1)) {
    const folder = createSessionAudioDirectory(directory.path, id);
    expect(folder.startsWith(join(directory.path, 'audio') + '/')).toBe(true);
    expect(folder.slice(join(directory.path, 'audio').length + 1)).not.toContain('/');
    writeFileSync(audioPartPath(directory.path, id, 1, 'ogg', false), 'opus');
  }
  expect(sessionsWithAudio(directory.path).sort()).toEqual(ids.slice(0, -1).sort());
  for (const id of ids) deleteSessionAudio(directory.path, id);
  expect(readdirSync(join(directory.path, 'audio'))).toEqual([]);
  expect(existsSync(keep)).toBe(true);
  expect(existsSync(join(directory.path, 'outside'))).toBe(true);
});
