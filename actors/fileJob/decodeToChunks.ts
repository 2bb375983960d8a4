import type { ChunkLimits } from './chunkLimits.ts';
import { lastLine, mediaToolCommand, MediaToolError, startMediaTool } from './mediaTools.ts';
import { WavChunkWriter, type AudioChunk } from './wavChunkWriter.ts';
import { sampleRate, sampleToMs } from '../../providers/audio/wavFormat.ts';
import type { TimeRange } from '../../store/transcriptVersionTable.ts';

export interface DecodeOptions {
  path: string;
  /** How errors name the file; defaults to `path`. */
  shownName?: string;
  directory: string;
  limits: ChunkLimits;
  signal: AbortSignal;
  /** Only this stretch of the input; its chunks start where it does. Default: all of it. */
  range?: TimeRange;
  /** Milliseconds of audio decoded so far, as the stream advances. */
  onDecoded(decodedMs: number): void;
}

/**
 * ffmpeg's arguments that decode the first audio stream of `path` (only `range` of it, if given) to
 * 16 kHz mono PCM16 on stdout, leaving a video's pictures undecoded.
 */
export function pcmDecodingArguments(path: string, range?: TimeRange): string[] {
  return [
    '-nostdin',
    '-v',
    'error',
    // Input options: ffmpeg seeks, then decodes from the page before and drops what comes before the start.
    ...(range === undefined
      ? []
      : ['-ss', seconds(range.startMs), '-t', seconds(range.endMs - range.startMs)]),
    '-i',
    path,
    '-map',
    '0:a:0',
    '-vn',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    'pipe:1',
  ];
}

/**
 * Decodes the input's first audio stream with ffmpeg to 16 kHz mono PCM16 and writes it into WAV
 * chunks as it streams out of ffmpeg: the whole audio is never held in memory, and a video's
 * pictures are never decoded.
 */
export async function decodeToChunks(options: DecodeOptions): Promise<AudioChunk[]> {
  const { path, signal, range } = options;
  const shownName = options.shownName ?? path;
  const { child, exited } = startMediaTool(
    mediaToolCommand('ffmpeg'),
    pcmDecodingArguments(path, range),
    signal,
  );
  const writer = new WavChunkWriter(options.directory, options.limits);
  try {
    for await (const data of child.stdout) {
      await writer.write(data as Buffer);
      options.onDecoded(sampleToMs(writer.samples));
    }
    const { code, stderr } = await exited;
    if (code !== 0)
      throw new MediaToolError(
        `ffmpeg could not decode ${shownName} (${lastLine(stderr).replaceAll(path, shownName)}).`,
      );
    const chunks = await writer.finish();
    if (chunks.length === 0)
      throw new MediaToolError(`${shownName} contains no audio samples to transcribe.`);
    const offsetMs = range?.startMs ?? 0;
    return chunks.map((chunk) => ({ ...chunk, startMs: chunk.startMs + offsetMs }));
  } finally {
    await writer.abandon();
    // Ends ffmpeg when the writer failed (full disk) while it was still producing.
    child.kill();
  }
}

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}
