import { spawn } from 'node:child_process';

/**
 * Runs a Node script in a process of its own and resolves with the JSON it prints: load must not
 * share the event loop of the process that measures it. The process is killed if it runs past
 * `timeoutMs`; `name` says which one failed.
 */
export function runJsonProcess(name: string, args: readonly string[], timeoutMs: number): Promise<unknown> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let errorOutput = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errorOutput += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`${name} ended with ${signal ?? `code ${code}`}: ${errorOutput.trim()}`));
        return;
      }
      try {
        resolve(JSON.parse(output));
      } catch (error) {
        reject(new Error(`${name} printed no result: ${(error as Error).message}\n${errorOutput.trim()}`));
      }
    });
  });
}
