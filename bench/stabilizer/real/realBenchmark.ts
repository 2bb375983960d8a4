import { performance } from 'node:perf_hooks';
import { describeMachine } from '../../support/machine.ts';
import { textReport } from '../../support/sections.ts';
import type { RealRecogniserOptions } from '../options.ts';
import { benchmarkAudio } from './benchmarkAudio.ts';
import { chunkedNoise } from './chunkedNoise.ts';
import { realFigures } from './realFigures.ts';
import { measureRealRun } from './realRecogniserRun.ts';
import { realReportSections } from './realReport.ts';

/**
 * `npm run bench:stabilizer -- --real`: one live session through a real service against a real
 * recogniser, in real time. Its figures depend on the machine and its load, so it prints them and
 * leaves bench/README.md alone.
 */
export async function runRealBenchmark(
  options: RealRecogniserOptions,
  log: (line: string) => void,
): Promise<void> {
  const date = new Date();
  const startedAt = performance.now();
  const audio = await benchmarkAudio(options.audio);
  const record = await measureRealRun(audio, options.slowdown, log);
  const figures = realFigures(record);
  log(`The recogniser's own noise: the file cut into ${(figures.meanWindowMs / 1000).toFixed(1)}-s chunks…`);
  const noise = await chunkedNoise(audio.pcm, record.reference, figures.meanWindowMs);
  const sections = realReportSections({
    date,
    machine: describeMachine(),
    audio,
    slowdown: options.slowdown,
    record,
    figures,
    noise,
    totalMilliseconds: performance.now() - startedAt,
  });
  console.log(textReport(sections));
}
