import { parseArgs } from 'node:util';

export interface StabilizerBenchmarkOptions {
  /** Length of the synthetic talk. */
  minutes: number;
  /** Length of the slices the figures are also given for, to show whether they stay flat. */
  sliceMinutes: number;
  /** Fixes the talk and the recogniser's mistakes. */
  seed: number;
  recogniserLatencyMs: number;
  writeReadme: boolean;
}

export const usage = `Usage: npm run bench:stabilizer -- [options]
  --minutes N        length of the synthetic talk (default 30)
  --slice-minutes N  figures are also given per slice of N minutes (default 5)
  --seed N           seed of the talk and of the fake recogniser's mistakes (default 5)
  --latency-ms N     the fake recogniser's answer time (default 300)
  --no-readme        print only; leave bench/README.md as it is`;

export function parseOptions(argv: string[]): StabilizerBenchmarkOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowNegative: true,
    options: {
      minutes: { type: 'string', default: '30' },
      'slice-minutes': { type: 'string', default: '5' },
      seed: { type: 'string', default: '5' },
      'latency-ms': { type: 'string', default: '300' },
      readme: { type: 'boolean', default: true },
    },
  });
  return {
    minutes: wholeNumber('--minutes', values.minutes, 1),
    sliceMinutes: wholeNumber('--slice-minutes', values['slice-minutes'], 1),
    seed: wholeNumber('--seed', values.seed, 0),
    recogniserLatencyMs: wholeNumber('--latency-ms', values['latency-ms'], 0),
    writeReadme: values.readme,
  };
}

function wholeNumber(name: string, text: string, minimum: number): number {
  if (!/^[0-9]+$/.test(text) || Number(text) < minimum)
    throw new Error(`${name} must be a whole number of ${minimum} or more (got "${text}").\n${usage}`);
  return Number(text);
}
