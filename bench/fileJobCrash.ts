/**
 * `npm run bench:file-job-crash`: kills `earshot serve` at a random moment of a 30-minute file job,
 * starts it again on the same data directory, and measures what the crash cost: audio sent to the
 * vendor twice, chunks of text lost or duplicated, child processes left running, and how long the
 * job took to transcribe again. It prints figures and asserts nothing; see bench/README.md.
 */
import { loadavg } from 'node:os';
import { seededRandom } from './api/fixture/random.ts';
import { makeBenchmarkMedia } from './file/media/benchmarkMedia.ts';
import { runCrashTrial, type CrashTrial } from './fileJobCrash/crashTrial.ts';
import { parseOptions } from './fileJobCrash/options.ts';
import { runReference } from './fileJobCrash/referenceRun.ts';
import { reportSections, type SeriesResults } from './fileJobCrash/report.ts';
import { vendorSeries } from './fileJobCrash/vendorSeries.ts';
import { describeMachine } from './support/machine.ts';
import { markdownReport, textReport } from './support/sections.ts';
import { seconds } from './support/units.ts';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';

/** Progress goes to standard error so that standard output holds only the report. */
const log = (line: string) => console.error(line);

/** Kill moments are drawn from this share of the reference job's time. */
const earliestKill = 0.05;
const latestKill = 0.95;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const date = new Date();
  const startedAt = performance.now();
  const random = seededRandom(options.seed);
  const loadBefore = loadavg()[0] ?? 0;
  const work = temporaryDirectory('file-job-crash-media');
  try {
    log(`Making the 30-minute file in ${work.path}`);
    const media = await makeBenchmarkMedia(work.path);
    const file = media.thirtyMinuteWav.path;
    const results: SeriesResults[] = [];
    for (const name of options.series) {
      const series = vendorSeries[name];
      log(`${name}: reference run without a crash`);
      const reference = await runReference(series, file);
      log(`  ${seconds(reference.jobMs)}, ${reference.chunkDurationsMs.length} chunks`);
      const trials: CrashTrial[] = [];
      const failedTrials: string[] = [];
      for (let trial = 1; trial <= options.trials; trial++) {
        const killFraction = earliestKill + (latestKill - earliestKill) * random();
        log(`${name}: trial ${trial} of ${options.trials}, kill at ${Math.round(killFraction * 100)} %`);
        try {
          const outcome = await runCrashTrial({ trial, series, file, reference, killFraction });
          trials.push(outcome);
          logTrial(outcome);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log(`  ${message}`);
          failedTrials.push(message);
        }
      }
      results.push({ series, reference, trials, failedTrials });
    }
    const sections = reportSections({
      date,
      machine: describeMachine(),
      input: `${media.thirtyMinuteWav.label}, ${media.source}`,
      seed: options.seed,
      trialsPerSeries: options.trials,
      wallMs: performance.now() - startedAt,
      loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
      series: results,
    });
    console.log(options.markdown ? markdownReport(sections) : textReport(sections));
    printEvidence(results);
  } finally {
    work.remove();
  }
}

function logTrial(trial: CrashTrial): void {
  const status = trial.statusAtKill;
  log(
    `  killed in ${status?.state ?? '?'} (chunk ${(status?.chunkIndex ?? 0) + 1}/${status?.chunkCount ?? '?'}), ` +
      `re-transcribed ${seconds(trial.retranscribedMs)}, ${trial.finalStatus?.state ?? 'no status'}` +
      (trial.defects.length === 0 ? '' : `; DEFECTS: ${trial.defects.join('; ')}`),
  );
}

/** For each trial with a defect: its job's row, where its data directory is, and what the services wrote. */
function printEvidence(results: readonly SeriesResults[]): void {
  for (const { series, trials } of results) {
    for (const trial of trials) {
      if (trial.evidence === undefined) continue;
      const { dataDirectory, storedAtEnd, stderrBeforeKill, stderrAfterRestart } = trial.evidence;
      log(`\n${series.name} trial ${trial.trial}: ${trial.defects.join('; ')}`);
      log(`Data directory (kept): ${dataDirectory}`);
      log(`Job row at the kill: ${JSON.stringify(trial.storedAtKill)}`);
      log(`Job row at the end: ${JSON.stringify(storedAtEnd)}`);
      log(`Killed service's stderr:\n${stderrBeforeKill || '(nothing)'}`);
      log(`Restarted service's stderr:\n${stderrAfterRestart || '(nothing)'}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(`bench:file-job-crash: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
