import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mediaToolCommand } from '../../actors/fileJob/mediaTools.ts';

const run = promisify(execFile);

/** MediaRecorder-like WebM/Opus of `pcm`, made by ffmpeg. */
export async function webmOpus(pcm: Buffer): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'webm-opus-'));
  try {
    const rawPath = join(folder, 'speech.raw');
    const webmPath = join(folder, 'speech.webm');
    await writeFile(rawPath, pcm);
    await run(mediaToolCommand('ffmpeg'), [
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
      webmPath,
    ]);
    return await readFile(webmPath);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
