import { chmodSync, renameSync, rmSync } from 'node:fs';
import { lastLine, mediaToolCommand, MediaToolError, startMediaTool } from '../fileJob/mediaTools.ts';
import { opusSpeechArguments } from './sessionAudioWriter.ts';

/**
 * Has ffmpeg encode `inputArguments` (its inputs, and any filter) as Opus speech in Ogg into
 * `target`, written under a temporary name and renamed when whole, readable by the user only: a
 * failed or stopped encoding leaves nothing behind. `failure` begins the error's message.
 */
export async function encodeOggOpus(
  inputArguments: readonly string[],
  target: string,
  signal: AbortSignal,
  failure: string,
): Promise<void> {
  const writing = `${target}.encoding`;
  try {
    const { exited } = startMediaTool(
      mediaToolCommand('ffmpeg'),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        ...inputArguments,
        ...opusSpeechArguments,
        '-f',
        'ogg',
        writing,
      ],
      signal,
    );
    const { code, stderr } = await exited;
    if (code !== 0)
      throw new MediaToolError(`${failure}: ${lastLine(stderr) || `ffmpeg exited with code ${code}`}`);
    chmodSync(writing, 0o600);
    renameSync(writing, target);
  } catch (error) {
    rmSync(writing, { force: true });
    throw error;
  }
}
