/**
 * `npm run bench:file`: times `earshot transcribe` on 10- and 30-minute files, on the local runtime
 * (P14, against whisper-server run by hand) and on a fake cloud provider that answers at once
 * (P11), and follows the memory of every process involved. It prints figures and asserts nothing;
 * see bench/README.md.
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { requireBuiltWhisperServer, stubModel } from '../../test/support/fixtures.ts';
import { describeMachine } from '../support/machine.ts';
import { readmePath, writeReadmeFigures } from '../support/readmeFigures.ts';
import { markdownReport, textReport } from '../support/sections.ts';
import { megabytes, seconds } from '../support/units.ts';
import { freshDataDirectory } from './dataDirectory.ts';
import { startGroqFakeProcess } from './fake/groqFakeProcess.ts';
import { runDirectWhisperServer, type DirectWhisperRun } from './measure/directWhisperServer.ts';
import { waitForQuietMachine } from './measure/machineLoad.ts';
import { runEarshotTranscription, type EarshotTranscription } from './measure/earshotTranscription.ts';
import { makeBenchmarkMedia, type MediaFile } from './media/benchmarkMedia.ts';
import { parseOptions } from './options.ts';
import type { EarshotScenario, FileBenchmarkResults } from './report/fileBenchmarkResults.ts';
import { reportSections } from './report/report.ts';

/** Progress goes to standard error so that standard output holds only the report. */
const log = (line: string) => console.error(line);

/** Longest wait for a quiet machine before each whisper run; the run goes ahead after it anyway. */
const quietWaitLimitMs = 10_000;

const workDirectory = fileURLToPath(new URL('../../.tmp/bench-file/', import.meta.url));

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const date = new Date();
  const startedAt = performance.now();

  log(`Making the input files in ${workDirectory}`);
  const media = await makeBenchmarkMedia(workDirectory);
  const whisperServer = {
    binaryPath: requireBuiltWhisperServer(),
    modelPath: stubModel,
    // What WhisperRuntime gives the server it manages, so both sides infer with the same threads.
    threads: Math.min(4, availableParallelism()),
  };
  const dataDirectory = join(workDirectory, 'data');
  const scenario = (name: string, provider: string, file: MediaFile): EarshotScenario => ({
    name,
    provider,
    media: file,
    runs: [],
  });
  const localRuntime = scenario('a', 'P14', media.tenMinuteWav);
  const cloudWav = scenario('c', 'P11', media.tenMinuteWav);
  const cloudMp3 = scenario('c', 'P11', media.tenMinuteMp3);
  const cloudLongWav = scenario('d', 'P11', media.thirtyMinuteWav);
  const direct: DirectWhisperRun[] = [];

  const logRun = (label: string, run: EarshotTranscription) =>
    log(
      `  ${label}: ${seconds(run.wallMs)}, earshot peak ${megabytes(run.earshot.peakResidentBytes)}` +
        `, ${run.phases.chunkCount} chunk(s)`,
    );
  const waitForQuiet = async () => {
    const { quiet, waitedMs, cores } = await waitForQuietMachine(quietWaitLimitMs);
    if (!quiet)
      log(`  (the machine stayed busy: ${cores.toFixed(2)} cores of other work after ${seconds(waitedMs)})`);
  };
  const loadBefore = loadavg()[0] ?? 0;
  // Scenarios take turns, so a stretch of other work on the machine does not land on one of them;
  // whisper's runs, the long ones, also wait (briefly) for the machine to be quiet.
  for (let run = 1; run <= options.runs; run++) {
    log(`Run ${run} of ${options.runs}`);
    await freshDataDirectory(
      dataDirectory,
      'P14',
      { modelPath: whisperServer.modelPath },
      { whisperServer: whisperServer.binaryPath },
    );
    await waitForQuiet();
    const local = await runEarshotTranscription(media.tenMinuteWav.path, 'P14', dataDirectory);
    localRuntime.runs.push(local);
    logRun('a. P14 through Earshot', local);

    await waitForQuiet();
    const baseline = await runDirectWhisperServer(
      whisperServer,
      media.tenMinuteWav.path,
      join(workDirectory, 'whisper-answer.json'),
    );
    direct.push(baseline);
    log(
      `  b. whisper-server directly: ready in ${seconds(baseline.readyMs)}, curl ${seconds(baseline.curlMs)}` +
        ` (answered ${baseline.answeredDurationSeconds} s of audio)`,
    );

    for (const cloud of [cloudWav, cloudMp3, cloudLongWav]) {
      const fake = await startGroqFakeProcess();
      try {
        await freshDataDirectory(dataDirectory, 'P11', { apiKey: fake.apiKey, endpoint: fake.baseUrl });
        const measured = await runEarshotTranscription(cloud.media.path, 'P11', dataDirectory);
        cloud.runs.push(measured);
        logRun(`${cloud.name}. P11 (Groq fake), ${cloud.media.label}`, measured);
      } finally {
        await fake.stop();
      }
    }
  }

  const results: FileBenchmarkResults = {
    date,
    machine: describeMachine(),
    loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
    media,
    whisperServer,
    runsPerScenario: options.runs,
    localRuntime,
    direct,
    cloudWav,
    cloudMp3,
    cloudLongWav,
    totalMs: performance.now() - startedAt,
  };
  const sections = reportSections(results);
  console.log(textReport(sections));
  if (options.writeReadme) {
    await writeReadmeFigures('file', markdownReport(sections));
    log(`Figures written to ${readmePath}`);
  }
}

main().catch((error: unknown) => {
  console.error(`bench:file: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
