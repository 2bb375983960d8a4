import { writeFileSync } from 'node:fs';
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
