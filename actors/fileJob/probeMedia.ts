import { stat } from 'node:fs/promises';
import { lastLine, mediaToolCommand, MediaToolError, startMediaTool } from './mediaTools.ts';

export interface MediaProbe {
  /** Length of the input, when the container says (raw streams may not). */
  durationMs: number | undefined;
}

interface ProbeAnswer {
  streams?: Array<{ codec_type?: string; duration?: string }>;
  format?: { duration?: string };
}

/**
 * Checks that `path` is a readable file with an audio stream, before anything is decoded or a
 * session is created; every refusal says what is wrong with the file in a person's words, naming
 * it `shownName` (an upload's path is the service's own business, its sender knows its name).
 */
export async function probeMedia(
  path: string,
  signal: AbortSignal,
  shownName: string = path,
): Promise<MediaProbe> {
  const stats = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new MediaToolError(
      error.code === 'ENOENT'
        ? `There is no file ${shownName}.`
        : `Cannot read ${shownName}: ${error.message.replaceAll(path, shownName)}`,
    );
  });
  if (!stats.isFile()) throw new MediaToolError(`${shownName} is not a file.`);
  if (stats.size === 0) throw new MediaToolError(`${shownName} is empty; there is no audio to transcribe.`);

  const { child, exited } = startMediaTool(
    mediaToolCommand('ffprobe'),
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'stream=codec_type,duration:format=duration',
      path,
    ],
    signal,
  );
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString('utf8')));
  const { code, stderr } = await exited;
  if (code !== 0) {
    const reason = lastLine(stderr).replace(`${path}: `, '').replaceAll(path, shownName);
    throw new MediaToolError(`${shownName} is not an audio or video file ffmpeg can read (${reason}).`);
  }
  const answer = JSON.parse(output) as ProbeAnswer;
  const audio = answer.streams?.find((stream) => stream.codec_type === 'audio');
  if (audio === undefined) throw new MediaToolError(`${shownName} has no audio stream to transcribe.`);
  const seconds = Number(answer.format?.duration ?? audio.duration);
  return { durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined };
}
