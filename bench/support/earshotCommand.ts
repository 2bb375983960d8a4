import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The real launcher, so the benchmark starts the service exactly as a user would. */
export const earshotLauncher = fileURLToPath(new URL('../../bin/earshot', import.meta.url));

/** Runs a short `earshot` CLI command and resolves with its standard output. */
export function runEarshot(args: readonly string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(earshotLauncher, args, { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (error) reject(new Error(`earshot ${args.join(' ')} failed: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
  });
}
