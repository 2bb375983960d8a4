import { chmodSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AudioContainer,
  listAudioParts,
  sessionAudioDirectory,
} from '../../store/audio/sessionAudioFiles.ts';
import { lastLine, mediaToolCommand, MediaToolError, startMediaTool } from '../fileJob/mediaTools.ts';
import { opusSpeechArguments } from './sessionAudioWriter.ts';

export interface SessionAudioFile {
  path: string;
  container: AudioContainer;
}

/**
 * One playable file of a session's whole audio, or undefined when it has none. A session recorded
 * in one go has one part, which is that file; a resumed one has a part per capture (WebM and Ogg
 * may mix), joined by ffmpeg into `whole.ogg` beside them, made again only when a part is newer.
 */
export async function wholeSessionAudio(
  dataDirectory: string,
  sessionId: string,
): Promise<SessionAudioFile | undefined> {
  const parts = listAudioParts(dataDirectory, sessionId);
  const [only] = parts;
  if (only === undefined) return undefined;
  if (parts.length === 1) return { path: only.path, container: only.container };
  const whole = join(sessionAudioDirectory(dataDirectory, sessionId), 'whole.ogg');
  const madeAt = statSync(whole, { throwIfNoEntry: false })?.mtimeMs ?? -1;
  if (parts.some((part) => statSync(part.path).mtimeMs >= madeAt)) {
    await joinParts(
      parts.map((part) => part.path),
      whole,
    );
  }
  return { path: whole, container: 'ogg' };
}

async function joinParts(paths: readonly string[], whole: string): Promise<void> {
  const target = `${whole}.joining`;
  const inputs = paths.flatMap((path) => ['-i', path]);
  const streams = paths.map((_, index) => `[${index}:a]`).join('');
  const { exited } = startMediaTool(
    mediaToolCommand('ffmpeg'),
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      `${streams}concat=n=${paths.length}:v=0:a=1`,
      ...opusSpeechArguments,
      '-f',
      'ogg',
      target,
    ],
    new AbortController().signal,
  );
  const { code, stderr } = await exited;
  if (code !== 0) {
    rmSync(target, { force: true });
    throw new MediaToolError(`Could not join the session's recordings into one file: ${lastLine(stderr)}`);
  }
  chmodSync(target, 0o600);
  renameSync(target, whole);
}
