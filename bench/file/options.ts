import { parseArgs } from 'node:util';

export interface FileBenchmarkOptions {
  /** Runs of every scenario; the report gives their minimum and median. */
  runs: number;
  writeReadme: boolean;
}

export const usage = `Usage: npm run bench:file -- [options]
  --runs N       runs of each scenario (default 3)
  --no-readme    print only; leave bench/README.md as it is`;

export function parseOptions(argv: string[]): FileBenchmarkOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowNegative: true,
    options: {
      runs: { type: 'string', default: '3' },
      readme: { type: 'boolean', default: true },
    },
  });
  if (!/^[1-9][0-9]*$/.test(values.runs))
    throw new Error(`--runs must be a whole number of 1 or more (got "${values.runs}").\n${usage}`);
  return { runs: Number(values.runs), writeReadme: values.readme };
}
