import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/** ffmpeg and ffprobe as installed on the machine (Debian's `ffmpeg` package gives both). */
export const ffmpegCommand = 'ffmpeg';
export const ffprobeCommand = 'ffprobe';

export class MediaToolError extends Error {}

/**
 * Starts one of the tools with stdout piped; stderr is kept (last few KB) to explain a failure.
 * Aborting `signal` kills the process.
 */
export function startMediaTool(
  command: string,
  args: readonly string[],
  signal: AbortSignal,
): {
  child: ChildProcessByStdio<null, Readable, Readable>;
  exited: Promise<{ code: number | null; stderr: string }>;
} {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => {
    stderr = (stderr + data.toString('utf8')).slice(-4096);
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new MediaToolError(
            `${command} is not installed. File transcription needs ffmpeg and ffprobe: install ffmpeg (for example "sudo apt install ffmpeg").`,
          ),
        );
      } else {
        reject(error);
      }
    });
    child.once('close', (code) => resolve({ code, stderr }));
  });
  // A caller that stops reading early (cancel, full disk) may never await the exit; that is no crash.
  exited.catch(() => undefined);
  return { child, exited };
}

/** The last meaningful line a tool wrote, which is where ffmpeg says what went wrong. */
export function lastLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .at(-1) ?? 'no details'
  );
}
