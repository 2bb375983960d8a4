import { spawn } from 'node:child_process';
import type { LiveStream } from '../../providers/contract.ts';
import { ffmpegCommand } from '../fileJob/mediaTools.ts';

/** 100 ms of PCM16 16 kHz mono: the frame size the window expects from capture. */
const pcmFrameBytes = 3200;

/**
 * Puts a WebM/Opus capture (a browser's MediaRecorder, P12/P13's input mode) in front of a stream
 * that takes PCM16: one ffmpeg process decodes the whole capture as it arrives, so the window is
 * always built from decoded samples and never sends a WebM piece without its header.
 */
export function decodingWebm(pcmStream: LiveStream, fail: (message: string) => void): LiveStream {
  const decoder = spawn(
    ffmpegCommand,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'webm',
      '-i',
      'pipe:0',
      '-f',
      's16le',
      '-ar',
      '16000',
      '-ac',
      '1',
      'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let pending = Buffer.alloc(0);
  let stderr = '';
  let closed = false;
  decoder.stdout.on('data', (pcm: Buffer) => {
    pending = Buffer.concat([pending, pcm]);
    while (pending.length >= pcmFrameBytes) {
      pcmStream.sendAudio(pending.subarray(0, pcmFrameBytes));
      pending = pending.subarray(pcmFrameBytes);
    }
  });
  decoder.stderr.on('data', (text: Buffer) => (stderr = (stderr + text.toString('utf8')).slice(-2000)));
  // A closed pipe after close() is expected; any other write failure shows up as the exit below.
  decoder.stdin.on('error', () => {});
  const exited = new Promise<number | null>((resolve) => {
    decoder.once('error', (error: NodeJS.ErrnoException) => {
      if (!closed) {
        fail(
          error.code === 'ENOENT'
            ? 'ffmpeg is not installed; live capture in WebM/Opus needs it (for example "sudo apt install ffmpeg").'
            : `ffmpeg could not start: ${error.message}`,
        );
      }
      resolve(null);
    });
    decoder.once('close', (code) => {
      if (code !== 0 && !closed)
        fail(`The WebM/Opus capture could not be decoded: ${stderr.trim() || `ffmpeg exit ${code}`}`);
      resolve(code);
    });
  });

  return {
    sendAudio: (frame) => {
      if (!closed && decoder.stdin.writable) decoder.stdin.write(frame);
    },
    finish: async (timeoutMs) => {
      const started = performance.now();
      decoder.stdin.end();
      await exited;
      if (pending.length > 0) pcmStream.sendAudio(pending);
      pending = Buffer.alloc(0);
      await pcmStream.finish(Math.max(1, timeoutMs - (performance.now() - started)));
    },
    close: () => {
      closed = true;
      decoder.kill('SIGKILL');
      pcmStream.close();
    },
    bufferedBytes: () => decoder.stdin.writableLength + pcmStream.bufferedBytes(),
  };
}
