import { execFile } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mediaToolCommand } from '../../../actors/fileJob/mediaTools.ts';
import { fixture } from '../../../test/support/fixtures.ts';

export interface MediaFile {
  path: string;
  label: string;
  durationMs: number;
  bytes: number;
}

export interface BenchmarkMedia {
  tenMinuteWav: MediaFile;
  tenMinuteMp3: MediaFile;
  thirtyMinuteWav: MediaFile;
  /** How the speech was made, for the report. */
  source: string;
}

const run = promisify(execFile);
/** A common rate for speech at 16 kHz mono; the point is only that ffmpeg has to decode it. */
const mp3KilobitsPerSecond = 48;

/**
 * Makes the inputs afresh in `directory` (git ignores .tmp; media are never committed): real
 * speech, long-16k.wav then jfk.wav, looped to exactly 10 and 30 minutes of 16 kHz mono PCM16,
 * and the 10 minutes again as MP3.
 */
export async function makeBenchmarkMedia(directory: string): Promise<BenchmarkMedia> {
  mkdirSync(directory, { recursive: true });
  const loop = join(directory, 'speech-loop.wav');
  const pcm = ['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le'];
  await ffmpeg([
    '-i',
    fixture('audio/long-16k.wav'),
    '-i',
    fixture('audio/jfk.wav'),
    '-filter_complex',
    '[0:a][1:a]concat=n=2:v=0:a=1',
    ...pcm,
    loop,
  ]);
  const looped = async (minutes: number, name: string) => {
    const path = join(directory, name);
    await ffmpeg(['-stream_loop', '-1', '-i', loop, '-t', String(minutes * 60), ...pcm, path]);
    return path;
  };
  const tenMinutes = await looped(10, 'ten-minutes.wav');
  const thirtyMinutes = await looped(30, 'thirty-minutes.wav');
  const mp3 = join(directory, 'ten-minutes.mp3');
  await ffmpeg(['-i', tenMinutes, '-c:a', 'libmp3lame', '-b:a', `${mp3KilobitsPerSecond}k`, mp3]);
  return {
    tenMinuteWav: await describe(tenMinutes, '10-minute WAV'),
    tenMinuteMp3: await describe(mp3, `10-minute MP3 (${mp3KilobitsPerSecond} kbit/s)`),
    thirtyMinuteWav: await describe(thirtyMinutes, '30-minute WAV'),
    source: 'long-16k.wav + jfk.wav (68 s of speech) looped',
  };
}

async function ffmpeg(args: readonly string[]): Promise<void> {
  await run(mediaToolCommand('ffmpeg'), ['-nostdin', '-v', 'error', '-y', ...args]);
}

async function describe(path: string, label: string): Promise<MediaFile> {
  const { stdout } = await run(mediaToolCommand('ffprobe'), [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    path,
  ]);
  return { path, label, durationMs: Math.round(Number(stdout.trim()) * 1000), bytes: statSync(path).size };
}
