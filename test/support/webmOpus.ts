import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mediaToolCommand } from '../../actors/fileJob/mediaTools.ts';

const run = promisify(execFile);

/**
 * MediaRecorder-like WebM/Opus of `pcm`, made by ffmpeg: written to a pipe, as a recorder streams
 * it, so like MediaRecorder's it has no duration and no Cues.
 */
export async function webmOpus(pcm: Buffer): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'webm-opus-'));
  try {
    const rawPath = join(folder, 'speech.raw');
    await writeFile(rawPath, pcm);
    const { stdout } = await run(
      mediaToolCommand('ffmpeg'),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        's16le',
        '-ar',
        '16000',
        '-ac',
        '1',
        '-i',
        rawPath,
        '-c:a',
        'libopus',
        '-f',
        'webm',
        'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 1 << 30 },
    );
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
