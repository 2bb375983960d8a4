import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const writerScript = fileURLToPath(new URL('../integration/recordAudioUntilKilled.ts', import.meta.url));

/**
 * Runs the real session audio writer in a child process on `speech` (a 16 kHz mono WAV, looped) at
 * real time, and kills it with SIGKILL once it has fed `killAfterMs` of audio; resolves with the
 * audio it had fed. What it leaves is `sessionId`'s unfinished part under `dataDirectory`.
 */
export function killAudioWriterAfter(
  dataDirectory: string,
  sessionId: string,
  speech: string,
  killAfterMs: number,
): Promise<number> {
  const child = spawn(process.execPath, [
    '--disable-warning=ExperimentalWarning',
    writerScript,
    dataDirectory,
    sessionId,
    speech,
  ]);
  return new Promise<number>((resolve, reject) => {
    let fedMs = 0;
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the writer exited early with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      fedMs = Number(chunk.toString().trim().split('\n').at(-1));
      if (fedMs >= killAfterMs) {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve(fedMs));
        child.kill('SIGKILL');
      }
    });
  });
}
