import { bytesPerSample, sampleToMs } from '../../providers/audio/wavFormat.ts';
import { pcmDecodingArguments } from './decodeToChunks.ts';
import { lastLine, mediaToolCommand, MediaToolError, startMediaTool } from './mediaTools.ts';

/**
 * How long the audio of `path` lasts, decoded as a file job decodes it (16 kHz mono): counted, not
 * read from the container, which a capture's WebM does not say and a cut-off file says wrong.
 */
export async function decodedLengthMs(path: string, signal: AbortSignal): Promise<number> {
  const { child, exited } = startMediaTool(mediaToolCommand('ffmpeg'), pcmDecodingArguments(path), signal);
  let bytes = 0;
  for await (const data of child.stdout) bytes += (data as Buffer).length;
  const { code, stderr } = await exited;
  if (code !== 0) throw new MediaToolError(`ffmpeg could not read ${path} (${lastLine(stderr)}).`);
  return sampleToMs(Math.floor(bytes / bytesPerSample));
}
