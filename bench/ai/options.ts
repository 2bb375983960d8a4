import { parseArgs } from 'node:util';

export interface AiBenchmarkOptions {
  /** The modelled latency is divided by this, so that a run takes minutes rather than hours. */
  speed: number;
  writeReadme: boolean;
}

export const usage = `Usage: npm run bench:ai -- [options]
  --speed F          wait 1/F of the modelled latency of each call (default 100; 1 is real time, about 4 hours)
  --no-readme        print only; leave bench/README.md as it is`;

export function parseOptions(argv: string[]): AiBenchmarkOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowNegative: true,
    options: {
      speed: { type: 'string', default: '100' },
      readme: { type: 'boolean', default: true },
    },
  });
  const speed = Number(values.speed);
  if (!Number.isFinite(speed) || speed < 1)
    throw new Error(`--speed must be a number of 1 or more (got "${values.speed}").\n${usage}`);
  return { speed, writeReadme: values.readme };
}
