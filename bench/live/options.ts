import { parseArgs } from 'node:util';

export interface LiveBenchmarkOptions {
  /** Seconds of audio each session sends in the one-session comparison. */
  seconds: number;
  /** Seconds of audio each session sends at every concurrency step. */
  stepSeconds: number;
  /** Concurrent session counts, tried in order until the added p99 passes `limitMs`. */
  steps: number[];
  /** The added p99 latency (ms) a step must stay under. */
  limitMs: number;
  writeReadme: boolean;
}

export const usage = `Usage: npm run bench:live -- [options]
  --seconds N        seconds of audio per session in the one-session comparison (default 20)
  --step-seconds N   seconds of audio per session at each concurrency step (default 10)
  --steps LIST       concurrent sessions to try, in order (default 1,10,25,50,75,100,150,200,300,400,600,800)
  --limit-ms N       stop after the first step whose added p99 latency is over N ms (default 5)
  --no-readme        print only; leave bench/README.md as it is`;

export function parseOptions(argv: string[]): LiveBenchmarkOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowNegative: true,
    options: {
      seconds: { type: 'string', default: '20' },
      'step-seconds': { type: 'string', default: '10' },
      steps: { type: 'string', default: '1,10,25,50,75,100,150,200,300,400,600,800' },
      'limit-ms': { type: 'string', default: '5' },
      readme: { type: 'boolean', default: true },
    },
  });
  const steps = values.steps.split(',').map((step) => positiveWholeNumber('--steps', step.trim()));
  if (steps.some((step, index) => index > 0 && step <= (steps[index - 1] ?? 0)))
    throw new Error(`--steps must grow from one step to the next (got "${values.steps}").\n${usage}`);
  const limitMs = Number(values['limit-ms']);
  if (!(limitMs > 0))
    throw new Error(`--limit-ms must be a number above 0 (got "${values['limit-ms']}").\n${usage}`);
  return {
    seconds: positiveWholeNumber('--seconds', values.seconds),
    stepSeconds: positiveWholeNumber('--step-seconds', values['step-seconds']),
    steps,
    limitMs,
    writeReadme: values.readme,
  };
}

function positiveWholeNumber(name: string, text: string): number {
  if (!/^[1-9][0-9]*$/.test(text))
    throw new Error(`${name} must be a whole number of 1 or more (got "${text}").\n${usage}`);
  return Number(text);
}
