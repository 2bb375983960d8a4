import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { managedBinaryPath } from './runtimePaths.ts';

export const buildScript = fileURLToPath(new URL('../../scripts/build-whisper-server.sh', import.meta.url));

/**
 * Builds whisper-server from source with scripts/build-whisper-server.sh (cached by version, so a
 * second build is a copy) into `<dataDir>/runtime/bin/`. Its progress goes to `onOutput` as it
 * comes, or to our stderr when there is none.
 */
export async function buildBinary(dataDirectory: string, onOutput?: (text: string) => void): Promise<string> {
  const target = managedBinaryPath(dataDirectory);
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('bash', [buildScript, dirname(target)], {
      stdio: [
        'ignore',
        onOutput === undefined ? 'inherit' : 'pipe',
        onOutput === undefined ? 'inherit' : 'pipe',
      ],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (text: string) => onOutput?.(text));
    }
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) {
    throw new Error(
      `Building whisper-server failed (exit code ${code}); its output is ${onOutput === undefined ? 'above' : 'in the log'}.`,
    );
  }
  return target;
}
