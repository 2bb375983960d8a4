import { defaultTentativeDisplay } from '../../../actors/batch/stabilizerTentative.ts';
import { unstableMs, unstableWords, timestampJitterMs, type TimestampMode } from '../fake/fakeRecogniser.ts';
import type { PipelineSettings } from '../measure/pipelineSimulation.ts';
import type { StabilizerFigures } from '../measure/stabilizerFigures.ts';
import { machineSummary, type MachineDescription } from '../../support/machine.ts';
import type { Section } from '../../support/sections.ts';
import type { Table } from '../../support/tables.ts';
import { duration, seconds, wholeNumber } from '../../support/units.ts';

export interface ModeResult {
  mode: TimestampMode;
  whole: StabilizerFigures;
  slices: StabilizerFigures[];
}

export interface StabilizerBenchmarkResults {
  date: Date;
  machine: MachineDescription;
  seed: number;
  minutes: number;
  sliceMinutes: number;
  spokenWords: number;
  settings: PipelineSettings;
  modes: ModeResult[];
  totalMilliseconds: number;
}

const modeNames: Record<TimestampMode, string> = {
  words: 'word timestamps',
  segments: 'segment timestamps only',
  text: 'text only',
};

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;
const times = (multiplier: number) => `${multiplier.toFixed(2)}×`;

const figureHeaders = [
  'Mean latency',
  'p95 latency',
  'Mean display latency',
  'Erasure',
  'WER',
  'Misheard',
  'Duplicated',
  'Dropped',
  'Cost',
  'Mean window',
];

const figureCells = (figures: StabilizerFigures) => [
  seconds(figures.meanLatencyMs),
  seconds(figures.p95LatencyMs),
  seconds(figures.meanDisplayLatencyMs),
  percent(figures.erasure),
  percent(figures.wordErrorRate),
  wholeNumber(figures.misheard),
  wholeNumber(figures.duplicated),
  wholeNumber(figures.dropped),
  times(figures.costMultiplier),
  seconds(figures.meanWindowMs),
];

const numeric = (from: number, count: number) =>
  Array.from({ length: count }, (_value, index) => from + index);

function wholeTable(modes: readonly ModeResult[]): Table {
  return {
    headers: ['Timestamps', 'Spoken words', 'Committed words', ...figureHeaders],
    rows: modes.map(({ mode, whole }) => [
      modeNames[mode],
      wholeNumber(whole.spokenWords),
      wholeNumber(whole.committedWords),
      ...figureCells(whole),
    ]),
    numericColumns: numeric(1, 2 + figureHeaders.length),
  };
}

function sliceTable(modes: readonly ModeResult[], sliceMinutes: number): Table {
  return {
    headers: ['Timestamps', 'Minutes', 'Spoken words', ...figureHeaders],
    rows: modes.flatMap(({ mode, slices }) =>
      slices.map((figures, index) => [
        modeNames[mode],
        `${index * sliceMinutes}–${(index + 1) * sliceMinutes}`,
        wholeNumber(figures.spokenWords),
        ...figureCells(figures),
      ]),
    ),
    numericColumns: numeric(2, 1 + figureHeaders.length),
  };
}

/** Whether every slice of a mode meets a target, with the worst slice's figure. */
function targetRows(modes: readonly ModeResult[]): string[][] {
  const worst = (slices: readonly StabilizerFigures[], figure: (figures: StabilizerFigures) => number) =>
    Math.max(...slices.map(figure));
  return modes.flatMap(({ mode, whole, slices }) => {
    const duplicatedOrDropped = whole.duplicated + whole.dropped;
    const rows: [string, number, string, boolean][] = [
      [
        'Mean commit latency < 3 s',
        whole.meanLatencyMs,
        `${seconds(whole.meanLatencyMs)} (worst slice ${seconds(worst(slices, (figures) => figures.meanLatencyMs))})`,
        worst(slices, (figures) => figures.meanLatencyMs) < 3_000,
      ],
      [
        'Erasure < 5 %',
        whole.erasure,
        `${percent(whole.erasure)} (worst slice ${percent(worst(slices, (figures) => figures.erasure))})`,
        worst(slices, (figures) => figures.erasure) < 0.05,
      ],
      [
        'Zero duplicated or dropped words',
        duplicatedOrDropped,
        `${wholeNumber(whole.duplicated)} duplicated, ${wholeNumber(whole.dropped)} dropped`,
        duplicatedOrDropped === 0,
      ],
      [
        'Cost multiplier < 4',
        whole.costMultiplier,
        `${times(whole.costMultiplier)} (worst slice ${times(worst(slices, (figures) => figures.costMultiplier))})`,
        worst(slices, (figures) => figures.costMultiplier) < 4,
      ],
    ];
    return rows.map(([target, , measured, met]) => [target, modeNames[mode], measured, met ? 'yes' : 'NO']);
  });
}

function describeDisplay(settings: PipelineSettings): string {
  const policy = settings.tentativeDisplay ?? defaultTentativeDisplay;
  const shown =
    policy.kind === 'all'
      ? 'the whole uncommitted tail'
      : policy.kind === 'repeated'
        ? 'the uncommitted words up to the last one the previous pass also heard'
        : `the uncommitted words ending ${wholeNumber(policy.marginMs)} ms or more before the window's end`;
  const trim =
    settings.untimedTrimMsPerLetter === undefined
      ? ''
      : `; windows without timed boundaries cut ${wholeNumber(settings.untimedTrimMsPerLetter)} ms per committed letter after their start`;
  return shown + trim;
}

export function reportSections(results: StabilizerBenchmarkResults): Section[] {
  const { settings } = results;
  return [
    {
      title: `Earshot stabilizer benchmark, ${results.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
      lines: [
        `Machine: ${machineSummary(results.machine)}; whole benchmark ${duration(results.totalMilliseconds)} (simulated time, no audio, no provider)`,
        `Input: a synthetic talk of ${results.minutes} minutes (seed ${results.seed}): ${wholeNumber(results.spokenWords)} words, ${(results.spokenWords / (results.minutes * 60)).toFixed(2)} words/s, sentences of 5–16 words, pauses of 3–8 s after 4 % of sentences, words repeated two or three times in a row ("the the", "yes yes yes")`,
        `Recogniser: deterministic fake; a window's answer depends only on the words said in it; each of the last ${unstableWords} words ending within ${seconds(unstableMs)} of the window's end is right (55 %), misheard (15 %), missing (10 %) or re-punctuated/re-capitalised (20 %) by a hash of the window; a word cut by the window's end is partial or missing, one cut by its start is lost; timestamps move ±${timestampJitterMs} ms between passes`,
        `Pipeline (simulated time): a pass every ${seconds(settings.passIntervalMs)} over [trim point, now], answered after ${wholeNumber(settings.recogniserLatencyMs)} ms; the window is trimmed at trimBeforeMs; ${settings.atWindowCap === 'restart' ? `once over ${seconds(settings.maxWindowMs)} after an answer, the stabilizer is flushed and the window restarts (as batchWindowStream does)` : `windows slide at ${seconds(settings.maxWindowMs)}`}; tentative display ${describeDisplay(settings)}; at stop a last pass, then flush`,
        'Latency: commit (the answer that committed the word) − the end of the spoken word; display latency: when the display first showed the word (tentative or committed) as and where it was committed − the end of the spoken word; erasure: characters of the display (committed + tentative) later retracted ÷ committed characters; WER, misheard, duplicated, dropped: by word alignment of the committed transcript with the spoken words, case and punctuation ignored; cost: audio seconds uploaded ÷ audio seconds spoken',
      ],
      table: wholeTable(results.modes),
    },
    {
      title: `Per ${results.sliceMinutes}-minute slice`,
      lines: [
        'A word counts in the slice it was spoken in; an upload or a retraction in the slice it happened in',
      ],
      table: sliceTable(results.modes, results.sliceMinutes),
    },
    {
      title: 'Targets (issue #5, at the default settings, flat over the talk)',
      lines: ['Met only where every slice meets it'],
      table: {
        headers: ['Target', 'Timestamps', 'Measured', 'Met'],
        rows: targetRows(results.modes),
        numericColumns: [],
      },
    },
  ];
}
