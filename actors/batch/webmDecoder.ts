import { spawnChild } from '../childProcesses/spawnChild.ts';
import { mediaToolCommand } from '../fileJob/mediaTools.ts';

/** A WebM/Opus stream being decoded to 16 kHz mono PCM16 as its bytes arrive. */
export interface WebmDecoder {
  write(bytes: Buffer): void;
  /** No more bytes: resolves once every decoded sample has been handed to `onPcm`. */
  end(): Promise<void>;
  /** Abandons the stream (the connection is gone). */
  stop(): void;
}

/**
 * Decodes a WebM/Opus capture (what a browser's MediaRecorder sends) through one `ffmpeg` child
 * for the whole stream; `onFailure` reports audio ffmpeg could not read. Used by windowed live
 * capture, and by the Soniox fake to hear what it is sent.
 */
export function startWebmDecoder(
  onPcm: (pcm: Buffer) => void,
  onFailure: (reason: string) => void,
): WebmDecoder {
  const child = spawnChild(
    mediaToolCommand('ffmpeg'),
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
  let stopped = false;
  let complaint = '';
  child.stdout.on('data', (pcm: Buffer) => {
    if (!stopped) onPcm(pcm);
  });
  child.stderr.on('data', (text: Buffer) => (complaint = `${complaint}${text.toString('utf8')}`.slice(-500)));
  // A write after ffmpeg gave up fails with EPIPE; its exit status already tells what happened.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => {
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (!stopped) {
        onFailure(
          error.code === 'ENOENT'
            ? 'ffmpeg is not installed; WebM/Opus audio needs it (for example "sudo apt install ffmpeg").'
            : `ffmpeg could not be started: ${error.message}`,
        );
      }
      resolve();
    });
    child.on('close', (code) => {
      if (!stopped && code !== 0) onFailure(complaint.trim() || `ffmpeg exited with status ${code}`);
      resolve();
    });
  });
  return {
    write: (bytes) => {
      if (!stopped && child.stdin.writable) child.stdin.write(bytes);
    },
    end: () => {
      child.stdin.end();
      return exited;
    },
    stop: () => {
      stopped = true;
      child.kill('SIGKILL');
    },
  };
}
