import { parseArgs } from 'node:util';

/** The vendors a series can run against: P12 answers each request, P07 is polled for a job it holds. */
export type SeriesName = 'P12' | 'P07';

export interface CrashBenchmarkOptions {
  /** Crash trials in each series, after its reference run. */
  trials: number;
  series: SeriesName[];
  /** Fixes the kill moments, so that a run can be repeated. */
  seed: number;
  /** Print the report as Markdown, for bench/README.md, instead of plain text. */
  markdown: boolean;
}

export const usage = `Usage: npm run bench:file-job-crash -- [options]
  --trials N        crash trials in each series (default 10)
  --series LIST     P12, P07 or P12,P07 (default P12,P07)
  --seed N          seed of the kill moments (default: a random one, printed)
  --markdown        print the report as Markdown`;

const seriesNames: readonly SeriesName[] = ['P12', 'P07'];

export function parseOptions(argv: string[]): CrashBenchmarkOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      trials: { type: 'string', default: '10' },
      series: { type: 'string', default: seriesNames.join(',') },
      seed: { type: 'string' },
      markdown: { type: 'boolean', default: false },
    },
  });
  const wholeNumber = (value: string, name: string, minimum: number) => {
    if (!/^[0-9]+$/.test(value) || Number(value) < minimum)
      throw new Error(`--${name} must be a whole number of ${minimum} or more (got "${value}").\n${usage}`);
    return Number(value);
  };
  const series = values.series.split(',').map((name) => name.trim().toUpperCase());
  const unknown = series.filter((name) => !seriesNames.includes(name as SeriesName));
  if (unknown.length > 0 || series.length === 0)
    throw new Error(`--series takes P12, P07 or both (got "${values.series}").\n${usage}`);
  return {
    trials: wholeNumber(values.trials, 'trials', 1),
    series: [...new Set(series as SeriesName[])],
    seed:
      values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : wholeNumber(values.seed, 'seed', 0),
    markdown: values.markdown,
  };
}
