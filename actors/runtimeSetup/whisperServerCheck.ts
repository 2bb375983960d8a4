import { spawnChild } from '../childProcesses/spawnChild.ts';

const checkTimeoutMs = 10_000;
const longestOutput = 64 * 1024;

/**
 * Whether `path` runs as whisper-server: its `--help` must name `--inference-path`, a flag only the
 * server has (whisper-cli and other ggml tools print a different usage). Resolves with the reason
 * when it does not.
 */
export function whisperServerProblem(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawnChild(path, ['--help'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: checkTimeoutMs,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < longestOutput) output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (error) => resolve(`it cannot be run (${error.message})`));
    child.once('close', (code, signal) => {
      if (output.includes('--inference-path')) resolve(undefined);
      else if (signal !== null) resolve(`"--help" did not finish (${signal})`);
      else resolve(`its "--help" output (exit code ${code}) is not whisper-server's: ${firstLine(output)}`);
    });
  });
}

function firstLine(output: string): string {
  const line = output.trim().split('\n')[0] ?? '';
  return line === '' ? 'it printed nothing' : `"${line.slice(0, 120)}"`;
}
