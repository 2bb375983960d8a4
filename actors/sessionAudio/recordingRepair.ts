import { chmodSync, renameSync, rmSync, statSync } from 'node:fs';
import {
  type AudioContainer,
  audioPartPath,
  listAudioParts,
  sessionsWithAudio,
} from '../../store/audio/sessionAudioFiles.ts';
import { mediaToolCommand, startMediaTool } from '../fileJob/mediaTools.ts';

/**
 * Finishes the audio parts a crash or a kill left `.recording`: each is copied, packets unchanged,
 * into a new container by ffmpeg (`-c copy`), which writes what a killed writer never did — Ogg's
 * last page, WebM's duration and cues — and stops at the cut-off tail. The part then has its
 * finished name. One that ffmpeg cannot read at all is kept as it was, under the finished name, so
 * no byte of audio is thrown away; an empty one is removed. Returns the parts repaired.
 */
export async function repairUnfinishedAudio(dataDirectory: string): Promise<string[]> {
  const repaired: string[] = [];
  for (const sessionId of sessionsWithAudio(dataDirectory)) {
    for (const part of listAudioParts(dataDirectory, sessionId)) {
      if (!part.recording) continue;
      const finished = audioPartPath(dataDirectory, sessionId, part.number, part.container, false);
      if (statSync(part.path).size === 0) {
        rmSync(part.path);
        continue;
      }
      if (await copyIntoContainer(part.path, finished, part.container)) rmSync(part.path);
      else renameSync(part.path, finished);
      repaired.push(finished);
    }
  }
  return repaired;
}

/**
 * Copies the audio of `source`, packets unchanged, into a new `container` file at `target` (written
 * beside it first, then renamed, so `target` is always whole); false when ffmpeg cannot read it.
 */
export async function copyIntoContainer(
  source: string,
  target: string,
  container: AudioContainer,
): Promise<boolean> {
  const written = `${target}.copying`;
  const { exited } = startMediaTool(
    mediaToolCommand('ffmpeg'),
    ['-hide_banner', '-loglevel', 'error', '-y', '-i', source, '-c', 'copy', '-f', container, written],
    new AbortController().signal,
  );
  const outcome = await exited.catch(() => ({ code: null }));
  if (outcome.code !== 0 || statSync(written, { throwIfNoEntry: false })?.size === undefined) {
    rmSync(written, { force: true });
    return false;
  }
  chmodSync(written, 0o600);
  renameSync(written, target);
  return true;
}
