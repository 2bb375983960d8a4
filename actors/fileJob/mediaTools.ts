import type { ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { spawnChild } from '../childProcesses/spawnChild.ts';

export type MediaTool = 'ffmpeg' | 'ffprobe';

/**
 * npm packages that carry static Linux x64 builds inside their tarballs; they are optional
 * dependencies, so `npm install` brings them on Linux x64 and skips them elsewhere. A project-owned
 * binary comes first so every machine of that kind runs the same, tested ffmpeg.
 */
const bundledPackages: Record<MediaTool, string> = {
  ffmpeg: '@ffmpeg-installer/linux-x64',
  ffprobe: '@ffprobe-installer/linux-x64',
};

const environmentOverrides: Record<MediaTool, string> = {
  ffmpeg: 'EARSHOT_FFMPEG',
  ffprobe: 'EARSHOT_FFPROBE',
};

const bundledPaths = new Map<MediaTool, string | undefined>();

function bundledPath(tool: MediaTool): string | undefined {
  if (!bundledPaths.has(tool)) {
    let found: string | undefined;
    try {
      const manifest = createRequire(import.meta.url).resolve(`${bundledPackages[tool]}/package.json`);
      const binary = join(dirname(manifest), tool);
      if (existsSync(binary)) found = binary;
    } catch {
      found = undefined; // not installed on this platform
    }
    bundledPaths.set(tool, found);
  }
  return bundledPaths.get(tool);
}

/**
 * The command that runs `tool`: `EARSHOT_FFMPEG` / `EARSHOT_FFPROBE` when set, else the binary from
 * the npm package, else the one on the PATH. Read at each use, so a changed environment counts.
 */
export function mediaToolCommand(tool: MediaTool): string {
  return process.env[environmentOverrides[tool]] || bundledPath(tool) || tool;
}

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
  const child = spawnChild(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => {
    stderr = (stderr + data.toString('utf8')).slice(-4096);
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new MediaToolError(
            `${command} is not installed. Earshot needs ffmpeg and ffprobe to read audio and video files: run "npm install" in the Earshot folder (it brings both on Linux x64), install ffmpeg (for example "sudo apt install ffmpeg"), or set EARSHOT_FFMPEG and EARSHOT_FFPROBE to their paths.`,
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
