import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { OutputTail } from '../whisperRuntime/outputTail.ts';
import { recordBinary } from './binaryRecord.ts';
import { buildLineProgress, buildLineStep } from './buildOutput.ts';
import { managedBinaryPath } from './runtimePaths.ts';

export const buildScript = fileURLToPath(new URL('../../scripts/build-whisper-server.sh', import.meta.url));

/** What a build tells as it goes; every part is optional. */
export interface BuildListener {
  /** Every line the build writes: its steps, cmake's and the compiler's output. */
  onLine?: (line: string) => void;
  /** The build script's own steps ("Fetching the whisper.cpp source…"), as they begin. */
  onStep?: (step: string) => void;
  /** 0..1, as cmake counts the compilation. */
  onProgress?: (fraction: number) => void;
}

/** Lines of the build's output a failure quotes. */
const failureLines = 15;

/**
 * Builds whisper-server from source with scripts/build-whisper-server.sh (cached by version, so a
 * second build is a copy) into `<dataDir>/runtime/bin/`, telling `listener` its lines, steps and
 * percentage, and records the binary's sha256, without which the runtime does not run it. A failed
 * build's error quotes the end of its output.
 */
export async function buildBinary(dataDirectory: string, listener: BuildListener = {}): Promise<string> {
  const target = managedBinaryPath(dataDirectory);
  const tail = new OutputTail(failureLines);
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('bash', [buildScript, dirname(target)], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        tail.append(`${line}\n`);
        listener.onLine?.(line);
        const step = buildLineStep(line);
        if (step !== undefined) listener.onStep?.(step);
        const progress = buildLineProgress(line);
        if (progress !== undefined) listener.onProgress?.(progress);
      });
    }
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) {
    const output = tail.snapshot().map((line) => `  ${line}`);
    throw new Error(
      `Building whisper-server failed (exit code ${code}). The end of its output:\n${output.join('\n')}`,
    );
  }
  await recordBinary(target);
  return target;
}
