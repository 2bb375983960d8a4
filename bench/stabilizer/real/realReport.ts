import { type MachineDescription, machineSummary } from '../../support/machine.ts';
import type { Section } from '../../support/sections.ts';
import { seconds, wholeNumber } from '../../support/units.ts';
import type { BenchmarkAudio } from './benchmarkAudio.ts';
import type { ChunkedNoise } from './chunkedNoise.ts';
import type { LagFigures, RealFigures } from './realFigures.ts';
import type { RealRunRecord } from './realRecogniserRun.ts';

export interface RealReportInput {
  date: Date;
  machine: MachineDescription;
  audio: BenchmarkAudio;
  slowdown: number;
  record: RealRunRecord;
  figures: RealFigures;
  noise: ChunkedNoise;
  totalMilliseconds: number;
}

/** Enough deleted words to see where they cluster, without drowning the report. */
const deletedWordsShown = 40;

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const lagLine = (lag: LagFigures) =>
  `${seconds(lag.p50Ms)} / ${seconds(lag.p90Ms)} / ${seconds(lag.maxMs)} (${wholeNumber(lag.words)} words)`;

/** The figures of one real run, the words it lost, then every pass as the recogniser saw it. */
export function realReportSections(input: RealReportInput): Section[] {
  const { figures, record, noise } = input;
  const { firstMinuteLag, lastMinuteLag } = figures;
  const minuteRows: Array<[string, string]> =
    firstMinuteLag === undefined || lastMinuteLag === undefined
      ? []
      : [
          [
            'Word lag p50, first minute / last minute',
            `${seconds(firstMinuteLag.p50Ms)} / ${seconds(lastMinuteLag.p50Ms)}`,
          ],
        ];
  const rows: Array<[string, string]> = [
    ['Audio length', seconds(figures.audioMs)],
    ['Words of R (whole-file transcript)', wholeNumber(figures.referenceWords)],
    ['Words of H (stored transcript)', wholeNumber(figures.storedWords)],
    ['WER of H against R', percent(figures.wordErrorRate)],
    [
      'Words of R deleted in H',
      `${wholeNumber(figures.deleted)} (${percent(figures.referenceWords === 0 ? 0 : figures.deleted / figures.referenceWords)})`,
    ],
    [
      `Words of R deleted when the file is cut into ${seconds(noise.chunkMs)} chunks at pauses (the recogniser's own noise)`,
      `${wholeNumber(noise.deleted)} (${percent(noise.referenceWords === 0 ? 0 : noise.deleted / noise.referenceWords)}, ${wholeNumber(noise.chunks)} chunks)`,
    ],
    ['Substituted / inserted', `${wholeNumber(figures.substituted)} / ${wholeNumber(figures.inserted)}`],
    ['Passes', wholeNumber(figures.passes)],
    ['Cost (audio sent ÷ audio length)', `${figures.cost.toFixed(2)}×`],
    ['Window mean / max', `${seconds(figures.meanWindowMs)} / ${seconds(figures.maxWindowMs)}`],
    ['Word lag p50 / p90 / max', lagLine(figures.lag)],
    ...minuteRows,
    ['Stop → session ended', seconds(figures.stopToEndMs)],
    ['Final status', figures.error === null ? figures.status : `${figures.status} (${figures.error})`],
    ['Passes sent while another was in flight', wholeNumber(figures.conduct.sentWhileAnotherInFlight)],
    ['Passes received after Stop', wholeNumber(figures.conduct.receivedAfterStop)],
    ['Passes still recognised when the session ended', wholeNumber(figures.conduct.unfinishedAtSessionEnd)],
    ['Recognition time ÷ audio length', `${figures.conduct.recognitionPerAudio.toFixed(2)}×`],
  ];
  const start = record.session.playbackStartedAt;
  const sinceStart = (epochMs: number) => seconds(epochMs - start);
  return [
    {
      title: `Earshot stabilizer benchmark, real recogniser, ${input.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
      lines: [
        `Machine: ${machineSummary(input.machine)}; whole benchmark ${seconds(input.totalMilliseconds)}`,
        `Audio: ${input.audio.name}, ${seconds(figures.audioMs)}: ${input.audio.description}`,
        `Recogniser: PocketSphinx (Debian, US English model) behind /v1/audio/transcriptions, one recognition at a time; ` +
          `${figures.recogniserSpeed.toFixed(1)}× real time on the whole file` +
          (input.slowdown > 0 ? `; slowed so that each takes at least ${input.slowdown}× its audio` : ''),
        'Earshot: a real service in this process, P12 at the recogniser, a live session fed 100 ms PCM16 frames in real time, then Stop; waited for however long it took to end',
        "R: the recogniser's transcript of the whole file in one request; H: the session's stored transcript; compared word by word, case and punctuation ignored",
        'Lag: when the store received the segment holding a word of H − the end of the R word it is aligned with (match or substitution), both from the first frame played',
      ],
      table: { headers: ['Figure', 'Value'], rows, numericColumns: [] },
    },
    {
      title: 'Words of R missing from H',
      lines: [`With their end in the audio: ${deletedWordsLine(figures.deletedWords)}`],
    },
    {
      title: 'Passes, as the recogniser saw them',
      lines: [
        `Times from the first frame played; Stop at ${sinceStart(record.session.stoppedAt)}, session ended at ${sinceStart(record.session.endedAt)}`,
      ],
      table: {
        headers: ['Pass', 'Received', 'Waited', 'Recognised in', 'Audio', 'Words'],
        rows: record.passes.map((pass, index) => [
          String(index + 1),
          sinceStart(pass.receivedAt),
          seconds(pass.startedAt - pass.receivedAt),
          seconds(pass.endedAt - pass.startedAt),
          seconds(pass.audioMs),
          wholeNumber(pass.words),
        ]),
        numericColumns: [0, 1, 2, 3, 4, 5],
      },
    },
  ];
}

function deletedWordsLine(words: RealFigures['deletedWords']): string {
  if (words.length === 0) return 'none';
  const shown = words.slice(0, deletedWordsShown).map((word) => `"${word.text}" ${seconds(word.endMs)}`);
  return (
    shown.join(', ') +
    (words.length > deletedWordsShown ? `, and ${words.length - deletedWordsShown} more` : '')
  );
}
