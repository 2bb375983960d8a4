import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const earshotBin = fileURLToPath(new URL('../../bin/earshot', import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `earshot ARGS` to completion, as a user would from a shell. */
export function runEarshot(args: string[], input?: string): CliResult {
  const result = spawnSync(earshotBin, args, { encoding: 'utf8', input, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `runEarshot` without blocking this process, for tests whose fakes run in it. */
export function runEarshotAsync(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  return runProgram(earshotBin, args, env);
}

/** Runs a program to completion without blocking this process, its output collected. */
export function runProgram(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export interface ServeProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Everything the process wrote to stdout so far. */
  stdout: () => string;
  /** Everything the process wrote to stderr so far. */
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `earshot serve` and resolves once it prints its listening line. */
export function startServeProcess(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServeProcess> {
  const child = spawn(earshotBin, ['serve', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start in 20 s: ${stderr}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /Earshot listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(stdout);
      if (match?.[1] !== undefined && match[2] !== undefined) {
        clearTimeout(timer);
        resolve({
          child,
          baseUrl: match[1],
          port: Number(match[2]),
          stdout: () => stdout,
          stderr: () => stderr,
          exited,
        });
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening: ${stderr}`));
    });
  });
}
