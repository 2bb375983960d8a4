import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { managedBinaryPath } from './runtimePaths.ts';

export const buildScript = fileURLToPath(new URL('../../scripts/build-whisper-server.sh', import.meta.url));

/**
 * Builds whisper-server from source with scripts/build-whisper-server.sh (cached by version, so a
 * second build is a copy) into `<dataDir>/runtime/bin/`. Its progress goes to our stderr.
 */
export async function buildBinary(dataDirectory: string): Promise<string> {
  const target = managedBinaryPath(dataDirectory);
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('bash', [buildScript, dirname(target)], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`Building whisper-server failed (exit code ${code}); its output is above.`);
  return target;
}
