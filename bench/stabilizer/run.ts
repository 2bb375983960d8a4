/**
 * `npm run bench:stabilizer`: drives the real TranscriptStabilizer through the windowed pipeline
 * on simulated time, with a deterministic fake recogniser over a long synthetic talk, once per
 * kind of timestamps a provider returns, and scores what it committed and displayed. With
 * `--real`, plays audio instead into a live session of a real service against a real recogniser
 * (bench/stabilizer/real/). It prints figures and asserts nothing; see bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { describeMachine } from '../support/machine.ts';
import { readmePath, writeReadmeFigures } from '../support/readmeFigures.ts';
import { markdownReport, textReport } from '../support/sections.ts';
import { seconds } from '../support/units.ts';
import { fakeRecogniser, type TimestampMode } from './fake/fakeRecogniser.ts';
import { defaultSettings, simulatePipeline, type PipelineSettings } from './measure/pipelineSimulation.ts';
import { stabilizerFigures } from './measure/stabilizerFigures.ts';
import { parseOptions } from './options.ts';
import { runRealBenchmark } from './real/realBenchmark.ts';
import { reportSections, type ModeResult } from './report/report.ts';
import { spokenTimeline } from './speech/spokenTimeline.ts';

/** Progress goes to standard error so that standard output holds only the report. */
const log = (line: string) => console.error(line);

const modes: TimestampMode[] = ['words', 'segments', 'text'];

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.real !== undefined) {
    await runRealBenchmark(options.real, log);
    return;
  }
  const date = new Date();
  const startedAt = performance.now();
  const settings: PipelineSettings = {
    ...defaultSettings,
    recogniserLatencyMs: options.recogniserLatencyMs,
    atWindowCap: options.atWindowCap,
    ...(options.tentativeDisplay === undefined ? {} : { tentativeDisplay: options.tentativeDisplay }),
    ...(options.untimedTrimMsPerLetter === undefined
      ? {}
      : { untimedTrimMsPerLetter: options.untimedTrimMsPerLetter }),
  };
  const timeline = spokenTimeline(options.seed, options.minutes * 60_000);
  const results: ModeResult[] = [];
  for (const mode of modes) {
    log(`${options.minutes} minutes, ${mode} timestamps`);
    const record = simulatePipeline(fakeRecogniser(timeline, mode), timeline.durationMs, settings);
    results.push({ mode, ...stabilizerFigures(timeline, record, options.sliceMinutes * 60_000) });
  }
  const sections = reportSections({
    date,
    machine: describeMachine(),
    seed: options.seed,
    minutes: options.minutes,
    sliceMinutes: options.sliceMinutes,
    spokenWords: timeline.words.length,
    settings,
    modes: results,
    totalMilliseconds: performance.now() - startedAt,
  });
  console.log(textReport(sections));
  if (options.writeReadme) {
    await writeReadmeFigures('stabilizer', markdownReport(sections));
    log(`Figures written to ${readmePath}`);
  }
  log(`Whole benchmark: ${seconds(performance.now() - startedAt)}`);
}

main().catch((error: unknown) => {
  console.error(`bench:stabilizer: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
