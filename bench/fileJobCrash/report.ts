import { defaultMaxChunkMs } from '../../actors/fileJob/chunkLimits.ts';
import { type MachineDescription, machineSummary } from '../support/machine.ts';
import type { Section } from '../support/sections.ts';
import type { Table } from '../support/tables.ts';
import { seconds } from '../support/units.ts';
import { type CrashTrial, processNames } from './crashTrial.ts';
import type { ReferenceRun } from './referenceRun.ts';
import type { VendorSeries } from './vendorSeries.ts';

export interface SeriesResults {
  series: VendorSeries;
  reference: ReferenceRun;
  trials: CrashTrial[];
  /** Trials that could not run at all, with why. */
  failedTrials: string[];
}

export interface CrashBenchmarkResults {
  date: Date;
  machine: MachineDescription;
  /** How the input file was made. */
  input: string;
  seed: number;
  trialsPerSeries: number;
  wallMs: number;
  /** The machine's 1-minute load average as the run began and as it ended: other work shares the cores. */
  loadAverage: { before: number; after: number };
  series: SeriesResults[];
}

export function reportSections(results: CrashBenchmarkResults): Section[] {
  return [
    {
      title: `Earshot file jobs across a crash, ${results.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
      lines: [
        `Machine: ${machineSummary(results.machine)}; load average (1 min) ` +
          `${results.loadAverage.before.toFixed(2)} as the run began, ${results.loadAverage.after.toFixed(2)} as it ended`,
        `Input: ${results.input}`,
        `${results.trialsPerSeries} trial(s) per series, kill moments from seed ${results.seed} ` +
          `(rerun with --seed ${results.seed}); whole run ${seconds(results.wallMs)}`,
        'Each trial: a fresh data directory, `earshot serve`, upload and job through the control API, ' +
          'SIGKILL at a uniformly random moment between 5 % and 95 % of the reference job time, ' +
          'the next `earshot serve` on the same data directory, the job followed to its end',
        `Targets: re-transcribed ≤ one chunk (${seconds(defaultMaxChunkMs)}), ~0 for P07 when its vendor ` +
          'job was submitted; 0 chunks lost or duplicated; 0 processes left over',
      ],
    },
    ...results.series.map(seriesSection),
  ];
}

function seriesSection({ series, reference, trials, failedTrials }: SeriesResults): Section {
  const completed = trials.filter((trial) => trial.finalStatus?.state === 'completed').length;
  const defects = trials.flatMap((trial) =>
    trial.defects.map((defect) => `Defect in trial ${trial.trial}: ${defect}`),
  );
  return {
    title: series.description,
    lines: [
      `Without a crash: the job takes ${seconds(reference.jobMs)} (upload to the service not included), ` +
        `${reference.chunkDurationsMs.length} chunks of ${reference.chunkDurationsMs.map((ms) => seconds(ms)).join(', ')}`,
      `Summary of ${trials.length} trial(s): ${summary(trials)}; completed ${completed} of ${trials.length}`,
      ...failedTrials,
      ...defects,
    ],
    table: trialTable(series, reference, trials),
  };
}

function summary(trials: readonly CrashTrial[]): string {
  const figure = (name: string, values: number[], format: (value: number) => string) => {
    if (values.length === 0) return `${name} —`;
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    return `${name} max ${format(Math.max(...values))}, mean ${format(mean)}`;
  };
  const count = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  const measured = (values: Array<number | undefined>) => values.filter((value) => value !== undefined);
  return [
    figure(
      're-transcribed',
      trials.map((trial) => trial.retranscribedMs),
      seconds,
    ),
    figure(
      'chunks lost',
      trials.map((trial) => trial.comparison.lost.length),
      count,
    ),
    figure(
      'duplicated',
      trials.map((trial) => trial.comparison.duplicated.length),
      count,
    ),
    figure(
      'processes left over',
      trials.map((trial) => trial.leftAfterKill.length),
      count,
    ),
    figure('restart → transcribing', measured(trials.map((trial) => trial.restartToTranscribingMs)), seconds),
  ].join('; ');
}

function trialTable(series: VendorSeries, reference: ReferenceRun, trials: readonly CrashTrial[]): Table {
  const polls = series.pollsVendorJob;
  const headers = [
    'Trial',
    'Kill at',
    'Job at kill (last status)',
    'Stored at kill',
    ...(polls ? ['Vendor job polled again'] : []),
    'Children at kill',
    'Re-transcribed',
    'Lost',
    'Duplicated',
    'Left over',
    'Restart → transcribing',
    'Job total',
    'Final state',
  ];
  const rows = trials.map((trial) => [
    String(trial.trial),
    `${Math.round(trial.killFraction * 100)} % (${seconds(trial.killFraction * reference.jobMs)})`,
    statusAtKill(trial),
    storedAtKill(trial),
    ...(polls
      ? [trial.submittedJobPolled === undefined ? '—' : trial.submittedJobPolled ? 'yes' : 'NO']
      : []),
    trial.childrenAtKill.length === 0 ? 'none' : processNames(trial.childrenAtKill),
    seconds(trial.retranscribedMs),
    String(trial.comparison.lost.length),
    String(trial.comparison.duplicated.length),
    String(trial.leftAfterKill.length),
    trial.restartToTranscribingMs === undefined ? 'never' : seconds(trial.restartToTranscribingMs),
    trial.totalMs === undefined ? '—' : seconds(trial.totalMs),
    finalState(trial),
  ]);
  const numeric = (header: string) => headers.indexOf(header);
  return {
    headers,
    rows,
    numericColumns: ['Trial', 'Kill at', 'Re-transcribed', 'Lost', 'Duplicated', 'Left over'].map(numeric),
  };
}

function statusAtKill({ statusAtKill: status }: CrashTrial): string {
  if (status === undefined) return 'no status yet';
  const percent = `${Math.round(status.progress * 100)} %`;
  if (status.chunkCount === 0) return `${status.state}, ${percent}`;
  return `${status.state}, chunk ${status.chunkIndex + 1}/${status.chunkCount}, ${percent}`;
}

function storedAtKill({ storedAtKill: stored }: CrashTrial): string {
  if (stored === undefined) return 'no row';
  const submitted = stored.submitted === null ? '' : `, chunk ${stored.submitted.chunkIndex + 1} submitted`;
  return `${stored.chunksDone} chunk(s) done${submitted}`;
}

function finalState({ finalStatus }: CrashTrial): string {
  if (finalStatus === undefined) return 'unknown';
  return `${finalStatus.state} (resumed ${finalStatus.resumeCount}×)`;
}
