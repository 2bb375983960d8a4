import { parseArgs } from 'node:util';
import type { TentativeDisplay } from '../../actors/batch/stabilizerTentative.ts';

export interface StabilizerBenchmarkOptions {
  /** Length of the synthetic talk. */
  minutes: number;
  /** Length of the slices the figures are also given for, to show whether they stay flat. */
  sliceMinutes: number;
  /** Fixes the talk and the recogniser's mistakes. */
  seed: number;
  recogniserLatencyMs: number;
  /** Undefined: the stabilizer's default. */
  tentativeDisplay: TentativeDisplay | undefined;
  atWindowCap: 'restart' | 'slide';
  untimedTrimMsPerLetter: number | undefined;
  writeReadme: boolean;
  /** Set: measure a real service against a real recogniser instead of simulating (`--real`). */
  real: RealRecogniserOptions | undefined;
}

export type BenchmarkAudioName = 'jfk' | 'paragraph' | 'long';

export interface RealRecogniserOptions {
  audio: BenchmarkAudioName;
  /** Each recognition takes at least this many times its audio's length; 0: the recogniser's own speed. */
  slowdown: number;
}

export const usage = `Usage: npm run bench:stabilizer -- [options]
  --minutes N        length of the synthetic talk (default 30)
  --slice-minutes N  figures are also given per slice of N minutes (default 5)
  --seed N           seed of the talk and of the fake recogniser's mistakes (default 5)
  --latency-ms N     the fake recogniser's answer time (default 300)
  --tentative P      tentative display: all, settled:MS or repeated (default: the stabilizer's)
  --cap C            at the 45-s cap: restart (as batchWindowStream does; default) or slide
  --untimed-trim-ms-per-letter N  cut windows without timed boundaries N ms per committed letter
  --no-readme        print only; leave bench/README.md as it is

  --real             instead: a live session on P12 through a real Earshot service, against a real
                     recogniser (PocketSphinx), played in real time; prints only
  --audio A          with --real: jfk (11 s), paragraph (57 s, the default) or long (about 4 minutes
                     of synthetic speech)
  --slowdown F       with --real: each recognition takes at least F times its audio's length
                     (default 0: the recogniser's own speed)`;

/** The options of the simulation, which mean nothing to a real run. */
const simulationOptions = [
  'minutes',
  'slice-minutes',
  'seed',
  'latency-ms',
  'tentative',
  'cap',
  'untimed-trim-ms-per-letter',
];
const realOptions = ['audio', 'slowdown'];

export function parseOptions(argv: string[]): StabilizerBenchmarkOptions {
  const { values, tokens } = parseArgs({
    args: argv,
    strict: true,
    allowNegative: true,
    tokens: true,
    options: {
      minutes: { type: 'string', default: '30' },
      'slice-minutes': { type: 'string', default: '5' },
      seed: { type: 'string', default: '5' },
      'latency-ms': { type: 'string', default: '300' },
      tentative: { type: 'string' },
      cap: { type: 'string', default: 'restart' },
      'untimed-trim-ms-per-letter': { type: 'string' },
      readme: { type: 'boolean', default: true },
      real: { type: 'boolean', default: false },
      audio: { type: 'string', default: 'paragraph' },
      slowdown: { type: 'string', default: '0' },
    },
  });
  const given = tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : []));
  const misplaced = given.find((name) => (values.real ? simulationOptions : realOptions).includes(name));
  if (misplaced !== undefined)
    throw new Error(`--${misplaced} ${values.real ? 'does not go' : 'goes only'} with --real.\n${usage}`);
  return {
    minutes: wholeNumber('--minutes', values.minutes, 1),
    sliceMinutes: wholeNumber('--slice-minutes', values['slice-minutes'], 1),
    seed: wholeNumber('--seed', values.seed, 0),
    recogniserLatencyMs: wholeNumber('--latency-ms', values['latency-ms'], 0),
    tentativeDisplay: values.tentative === undefined ? undefined : tentativeDisplay(values.tentative),
    atWindowCap: windowCap(values.cap),
    untimedTrimMsPerLetter:
      values['untimed-trim-ms-per-letter'] === undefined
        ? undefined
        : wholeNumber('--untimed-trim-ms-per-letter', values['untimed-trim-ms-per-letter'], 1),
    writeReadme: values.readme,
    real: values.real ? { audio: audioName(values.audio), slowdown: slowdown(values.slowdown) } : undefined,
  };
}

function audioName(text: string): BenchmarkAudioName {
  if (text === 'jfk' || text === 'paragraph' || text === 'long') return text;
  throw new Error(`--audio must be jfk, paragraph or long (got "${text}").\n${usage}`);
}

function slowdown(text: string): number {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text))
    throw new Error(`--slowdown must be a number of 0 or more, such as 1.5 (got "${text}").\n${usage}`);
  return Number(text);
}

function tentativeDisplay(text: string): TentativeDisplay {
  if (text === 'all' || text === 'repeated') return { kind: text };
  const settled = /^settled:([0-9]+)$/.exec(text);
  if (settled !== null) return { kind: 'settled', marginMs: Number(settled[1]) };
  throw new Error(`--tentative must be all, settled:MS or repeated (got "${text}").\n${usage}`);
}

function windowCap(text: string): 'restart' | 'slide' {
  if (text === 'restart' || text === 'slide') return text;
  throw new Error(`--cap must be restart or slide (got "${text}").\n${usage}`);
}

function wholeNumber(name: string, text: string, minimum: number): number {
  if (!/^[0-9]+$/.test(text) || Number(text) < minimum)
    throw new Error(`${name} must be a whole number of ${minimum} or more (got "${text}").\n${usage}`);
  return Number(text);
}
