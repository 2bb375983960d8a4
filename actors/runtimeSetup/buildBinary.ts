import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { spawnChild } from '../childProcesses/spawnChild.ts';
import { OutputTail } from '../whisperRuntime/outputTail.ts';
import { buildLineProgress, buildLineStep } from './buildOutput.ts';
import { importBinary } from './importBinary.ts';

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
 * Builds whisper-server from source with scripts/build-whisper-server.sh, telling `listener` its
 * lines, steps and percentage, then puts it in `<dataDir>/runtime/bin/` as `importBinary` does:
 * copied in whole and recorded after. The script builds in a work folder of its own inside the
 * build cache and writes nothing here; so a build killed at any point leaves no binary the runtime
 * would run, and the next build starts afresh (the script removes a killed build's work folder),
 * or copies the cached binary when an earlier build got that far. A failed build's error quotes
 * the end of its output.
 */
export async function buildBinary(dataDirectory: string, listener: BuildListener = {}): Promise<string> {
  const tail = new OutputTail(failureLines);
  let built: string | undefined;
  const code = await new Promise<number | null>((resolve, reject) => {
    // A group of its own (bash, cmake, make, the compilers), so that none of it outlives Earshot.
    const child = spawnChild('bash', [buildScript], {
      stdio: ['ignore', 'pipe', 'pipe'],
      processGroup: true,
    });
    // Its one line on stdout is where the binary is; everything else comes on stderr.
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => (built = line));
    createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => {
      tail.append(`${line}\n`);
      listener.onLine?.(line);
      const step = buildLineStep(line);
      if (step !== undefined) listener.onStep?.(step);
      const progress = buildLineProgress(line);
      if (progress !== undefined) listener.onProgress?.(progress);
    });
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0 || built === undefined) {
    const output = tail.snapshot().map((line) => `  ${line}`);
    throw new Error(
      `Building whisper-server failed (exit code ${code}). The end of its output:\n${output.join('\n')}`,
    );
  }
  return importBinary(built, dataDirectory);
}
