import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { earshotLauncher } from '../../support/earshotCommand.ts';
import { OtherWorkMeter } from './machineLoad.ts';
import { jobPhases, type JobPhases } from './progressPhases.ts';
import { ProcessWatch, type WatchedProcess } from './processWatch.ts';

export interface EarshotTranscription {
  wallMs: number;
  /** The earshot process itself (Node). */
  earshot: WatchedProcess;
  /** The processes it started, by name: the highest peak and the summed CPU time of each kind. */
  helpers: Map<string, { peakResidentBytes: number; cpuMilliseconds: number; count: number }>;
  phases: JobPhases;
  /** Characters of transcript printed on standard output. */
  transcriptCharacters: number;
  /** Cores' worth of other work on the machine during the run (see OtherWorkMeter). */
  otherWorkCores: number;
}

/** A hung run is killed after this; like any failed run, it stops the benchmark instead of giving a figure. */
const timeoutMs = 10 * 60_000;

/**
 * Runs `bin/earshot transcribe FILE --provider ID` as its own process, exactly as a user would
 * (a fresh data directory has no service running, so the job runs in the CLI process itself),
 * timing it from spawn to exit and following its memory and the helpers it starts.
 */
export function runEarshotTranscription(
  file: string,
  provider: string,
  dataDirectory: string,
): Promise<EarshotTranscription> {
  const otherWork = new OtherWorkMeter();
  const spawnedAt = performance.now();
  const child = spawn(
    earshotLauncher,
    ['transcribe', file, '--provider', provider, '--data-dir', dataDirectory],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const watch = new ProcessWatch(child.pid ?? 0);
  const lines: Array<{ text: string; at: number }> = [];
  createInterface({ input: child.stderr }).on('line', (text) => lines.push({ text, at: performance.now() }));
  let transcript = '';
  child.stdout.setEncoding('utf8').on('data', (data: string) => (transcript += data));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  let exitedAt = 0;
  child.once('exit', () => (exitedAt = performance.now()));

  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearTimeout(timer);
      watch.stop();
      reject(new Error(`earshot could not be started: ${error.message}`));
    });
    // 'close' comes once the output is read to its end, after 'exit' marked the end of the run.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const { root, descendants } = watch.stop();
      const said = lines
        .slice(-5)
        .map(({ text }) => `  ${text}`)
        .join('\n');
      if (code !== 0 || root === undefined) {
        reject(
          new Error(
            `earshot transcribe ${provider} ${file} ended with ${signal ?? `code ${code}`}:\n${said}`,
          ),
        );
        return;
      }
      const wallMs = exitedAt - spawnedAt;
      const helpers: EarshotTranscription['helpers'] = new Map();
      for (const process of descendants) {
        const known = helpers.get(process.name) ?? { peakResidentBytes: 0, cpuMilliseconds: 0, count: 0 };
        helpers.set(process.name, {
          peakResidentBytes: Math.max(known.peakResidentBytes, process.peakResidentBytes),
          cpuMilliseconds: known.cpuMilliseconds + process.cpuMilliseconds,
          count: known.count + 1,
        });
      }
      const helpersCpu = [...helpers.values()].reduce(
        (total, { cpuMilliseconds }) => total + cpuMilliseconds,
        0,
      );
      try {
        resolve({
          wallMs,
          earshot: root,
          helpers,
          phases: jobPhases(lines, spawnedAt, exitedAt),
          transcriptCharacters: transcript.trim().length,
          otherWorkCores: otherWork.finish(root.cpuMilliseconds + helpersCpu, wallMs),
        });
      } catch (error) {
        reject(new Error(`${(error as Error).message}\n${said}`, { cause: error }));
      }
    });
  });
}
