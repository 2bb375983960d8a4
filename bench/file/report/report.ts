import { basename } from 'node:path';
import { machineSummary } from '../../support/machine.ts';
import type { Section } from '../../support/sections.ts';
import { median, megabytes, seconds } from '../../support/units.ts';
import type { EarshotTranscription } from '../measure/earshotTranscription.ts';
import type { JobPhases } from '../measure/progressPhases.ts';
import type { EarshotScenario, FileBenchmarkResults } from './fileBenchmarkResults.ts';

/** The target: P14 through Earshot within 10 % of whisper-server on its own. */
const overheadTarget = 0.1;
/** Earshot streams the audio, so its peak memory may not grow with the length by more than this. */
const memoryGrowthTarget = 0.1;

/** The file transcription benchmark's report, for `textReport` and `markdownReport`. */
export function reportSections(results: FileBenchmarkResults): Section[] {
  return [
    runSection(results),
    wallTimeSection(results),
    overheadSection(results),
    memorySection(results),
    lengthSection(results),
    phaseSection(results),
    targetSection(results),
  ];
}

function runSection(results: FileBenchmarkResults): Section {
  const { media, whisperServer, loadAverage } = results;
  const file = ({ label, durationMs, bytes }: { label: string; durationMs: number; bytes: number }) =>
    `${label} ${seconds(durationMs)}, ${megabytes(bytes)}`;
  return {
    title: `Earshot file transcription benchmark, ${results.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    lines: [
      `Machine: ${machineSummary(results.machine)}`,
      `Load average (1 min) of the machine: ${loadAverage.before.toFixed(2)} when the runs began, ` +
        `${loadAverage.after.toFixed(2)} when they ended (other work on the machine slows every figure)`,
      `Input: ${media.source}, 16 kHz mono: ${file(media.tenMinuteWav)}; ${file(media.tenMinuteMp3)}; ` +
        file(media.thirtyMinuteWav),
      `whisper-server: ${whisperServer.binaryPath}, model ${basename(whisperServer.modelPath)} ` +
        `(whisper.cpp's stub, which recognises nothing), ${whisperServer.threads} threads as the runtime gives it`,
      `${results.runsPerScenario} run${results.runsPerScenario === 1 ? '' : 's'} of each scenario, taken in turn (a, b, c, d, then again), ` +
        `each \`earshot\` run in a fresh data directory; whole benchmark ${seconds(results.totalMs)}`,
      `Transcripts: P14 printed ${characters(results.localRuntime)}, P11 ${characters(results.cloudWav)} ` +
        `(10-minute WAV), ${characters(results.cloudMp3)} (MP3), ${characters(results.cloudLongWav)} (30 minutes)`,
    ],
  };
}

function wallTimeSection(results: FileBenchmarkResults): Section {
  const { direct } = results;
  const row = (name: string, samples: number[], otherWork: number[]) => [
    name,
    samples.map(seconds).join(', '),
    seconds(Math.min(...samples)),
    seconds(median(samples)),
    otherWork.map((cores) => cores.toFixed(2)).join(', '),
  ];
  const earshotRow = (scenario: EarshotScenario) =>
    row(
      `${scenario.name}. earshot transcribe --provider ${scenario.provider}, ${scenario.media.label}`,
      scenario.runs.map((run) => run.wallMs),
      scenario.runs.map((run) => run.otherWorkCores),
    );
  const directOtherWork = direct.map((run) => run.otherWorkCores);
  return {
    title: 'Wall time',
    lines: [
      '`earshot transcribe`: spawn of bin/earshot to its exit, the job running in the CLI process ' +
        '(P14 starts its own whisper-server for the job and stops it after)',
      'whisper-server directly: spawn to the first `GET /health` answering ok; then the curl process, ' +
        'spawn to exit: `curl -F file=@FILE -F response_format=verbose_json http://127.0.0.1:PORT/inference`',
      "Other work: CPU the rest of the machine used during each run (from /proc/stat, less the run's own " +
        "processes and this benchmark), in cores; whisper-server's threads wait for each other, so a " +
        'busy core slows its inference far more than its share',
    ],
    table: {
      headers: ['Scenario', 'Runs', 'Min', 'Median', 'Other work (cores)'],
      numericColumns: [2, 3],
      rows: [
        earshotRow(results.localRuntime),
        row(
          'b. whisper-server directly: start to ready',
          direct.map((run) => run.readyMs),
          directOtherWork,
        ),
        row(
          `b. whisper-server directly: curl /inference, ${results.media.tenMinuteWav.label}`,
          direct.map((run) => run.curlMs),
          directOtherWork,
        ),
        row(
          'b. whisper-server directly: start to ready + curl',
          direct.map((run) => run.readyMs + run.curlMs),
          directOtherWork,
        ),
        earshotRow(results.cloudWav),
        earshotRow(results.cloudMp3),
        earshotRow(results.cloudLongWav),
      ],
    },
  };
}

function overheadSection(results: FileBenchmarkResults): Section {
  const earshot = results.localRuntime.runs.map((run) => run.wallMs);
  const startAndCurl = results.direct.map((run) => run.readyMs + run.curlMs);
  const curl = results.direct.map((run) => run.curlMs);
  const ready = results.direct.map((run) => run.readyMs);
  const outsideInference = results.localRuntime.runs.map((run) => run.wallMs - (run.phases.answerMs[0] ?? 0));
  const row = (comparison: string, mine: number[], baseline: number[]) => [
    comparison,
    seconds(median(mine)),
    seconds(median(baseline)),
    percent(median(mine) / median(baseline) - 1),
    percent(Math.min(...mine) / Math.min(...baseline) - 1),
  ];
  const whisperCpu = results.localRuntime.runs.map((run) => helper(run, 'whisper-server').cpuMilliseconds);
  const directCpu = results.direct.map((run) => run.server.cpuMilliseconds);
  const inference = perChunk(results.localRuntime, (phases) => phases.answerMs);
  return {
    title: 'Overhead of P14 through Earshot',
    lines: [
      'Like for like: Earshot total against whisper-server start to ready + curl, since Earshot starts its ' +
        'runtime for the job; against curl alone: what a person with a server already running sees',
      'Outside the main inference (an estimate that leaves out the long, contention-prone part): ' +
        "Earshot's total less whisper's answer to chunk 1, against the baseline's start to ready; " +
        'the difference as a share of start to ready + curl',
      `whisper-server's CPU time (user + system), median: ${seconds(median(whisperCpu))} through Earshot, ` +
        `${seconds(median(directCpu))} directly (it grows with other work too: ggml's threads spin while ` +
        'they wait for each other)',
      `Earshot cut the ${results.media.tenMinuteWav.label} into ${results.localRuntime.runs[0]?.phases.chunkCount ?? 0} ` +
        `chunk(s); whisper's answer per chunk, median: ${inference.map(seconds).join(', ')}`,
    ],
    table: {
      headers: [
        'Comparison',
        'Earshot, median',
        'Baseline, median',
        'Overhead (medians)',
        'Overhead (minimums)',
      ],
      numericColumns: [1, 2, 3, 4],
      rows: [
        row('Earshot total vs whisper-server start + curl', earshot, startAndCurl),
        row('Earshot total vs curl alone', earshot, curl),
        [
          'Outside the main inference (estimate)',
          seconds(median(outsideInference)),
          seconds(median(ready)),
          percent((median(outsideInference) - median(ready)) / median(startAndCurl)),
          percent((Math.min(...outsideInference) - Math.min(...ready)) / Math.min(...startAndCurl)),
        ],
      ],
    },
  };
}

function memorySection(results: FileBenchmarkResults): Section {
  const row = (scenario: EarshotScenario) => {
    const earshot = scenario.runs.map((run) => run.earshot.peakResidentBytes);
    const peak = (name: string) => {
      const peaks = scenario.runs
        .map((run) => helper(run, name).peakResidentBytes)
        .filter((bytes) => bytes > 0);
      return peaks.length === 0 ? '–' : megabytes(Math.max(...peaks));
    };
    return [
      `${scenario.name}. ${scenario.provider}, ${scenario.media.label}`,
      megabytes(median(earshot)),
      megabytes(Math.max(...earshot)),
      peak('ffprobe'),
      peak('ffmpeg'),
      peak('whisper-server'),
    ];
  };
  const direct = results.direct.map((run) => run.server.peakResidentBytes);
  return {
    title: 'Peak memory',
    lines: [
      'Peak resident memory (VmHWM) from /proc/PID/status, read every 20 ms from outside the process; ' +
        '`earshot` is the Node process of `earshot transcribe`, the others are the processes it starts ' +
        '(highest of all runs)',
    ],
    table: {
      headers: [
        'Scenario',
        'earshot, median',
        'earshot, max',
        'ffprobe, max',
        'ffmpeg, max',
        'whisper-server, max',
      ],
      numericColumns: [1, 2, 3, 4, 5],
      rows: [
        row(results.localRuntime),
        ['b. whisper-server directly, 10-minute WAV', '–', '–', '–', '–', megabytes(Math.max(...direct))],
        row(results.cloudWav),
        row(results.cloudMp3),
        row(results.cloudLongWav),
      ],
    },
  };
}

function lengthSection(results: FileBenchmarkResults): Section {
  const { cloudWav: short, cloudLongWav: long } = results;
  const row = (scenario: EarshotScenario) => {
    const peaks = scenario.runs.map((run) => run.earshot.peakResidentBytes);
    return [
      scenario.media.label,
      String(scenario.runs[0]?.phases.chunkCount ?? 0),
      megabytes(median(peaks)),
      megabytes(Math.max(...peaks)),
      seconds(median(scenario.runs.map((run) => run.wallMs))),
    ];
  };
  return {
    title: 'Memory against length (P11, Groq fake)',
    lines: [`Growth of the median peak from 10 to 30 minutes: ${describeGrowth(results)}`],
    table: {
      headers: ['Input', 'Chunks', 'earshot peak, median', 'earshot peak, max', 'Wall time, median'],
      numericColumns: [1, 2, 3, 4],
      rows: [row(short), row(long)],
    },
  };
}

function phaseSection(results: FileBenchmarkResults): Section {
  const scenarios = [results.localRuntime, results.cloudWav, results.cloudMp3, results.cloudLongWav];
  const phase = (name: string, pick: (phases: JobPhases) => number) => [
    name,
    ...scenarios.map((scenario) => seconds(median(scenario.runs.map((run) => pick(run.phases))))),
  ];
  const cpu = (name: string, pick: (run: EarshotTranscription) => number) => [
    name,
    ...scenarios.map((scenario) => seconds(median(scenario.runs.map(pick)))),
  ];
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    title: 'Where the time goes',
    lines: [
      'Medians per phase, from the progress lines `earshot transcribe` writes (stamped as they arrive): ' +
        'each phase runs from its first line to the next phase',
    ],
    table: {
      headers: [
        'Phase',
        ...scenarios.map((scenario) => `${scenario.name}. ${scenario.provider}, ${scenario.media.label}`),
      ],
      numericColumns: scenarios.map((_scenario, index) => index + 1),
      rows: [
        phase('Node start, store, job', (phases) => phases.startMs),
        phase('ffprobe + ffmpeg decode into WAV chunks', (phases) => phases.decodeMs),
        phase('Session created', (phases) => phases.sessionMs),
        phase('Upload (P14: chunk 1 includes the runtime start)', (phases) => sum(phases.uploadMs)),
        phase("Provider's answer (P14: whisper inference)", (phases) => sum(phases.answerMs)),
        phase('Segments saved', (phases) => phases.savingMs),
        phase('Session closed', (phases) => phases.finishingMs),
        phase('Transcript printed, runtime stopped, exit', (phases) => phases.exitMs),
        cpu('CPU time: earshot (Node)', (run) => run.earshot.cpuMilliseconds),
        cpu(
          'CPU time: ffprobe + ffmpeg',
          (run) => helper(run, 'ffprobe').cpuMilliseconds + helper(run, 'ffmpeg').cpuMilliseconds,
        ),
        cpu('CPU time: whisper-server', (run) => helper(run, 'whisper-server').cpuMilliseconds),
      ],
    },
  };
}

function targetSection(results: FileBenchmarkResults): Section {
  const earshot = median(results.localRuntime.runs.map((run) => run.wallMs));
  const baseline = median(results.direct.map((run) => run.readyMs + run.curlMs));
  const overhead = earshot / baseline - 1;
  const growth = memoryGrowth(results);
  const ready = median(results.direct.map((run) => run.readyMs));
  const outsideInference = median(
    results.localRuntime.runs.map((run) => run.wallMs - (run.phases.answerMs[0] ?? 0)),
  );
  const estimate = (outsideInference - ready) / baseline;
  return {
    title: 'Targets',
    lines: [],
    table: {
      headers: ['Target', 'Measured', 'Met'],
      numericColumns: [],
      rows: [
        [
          'P14 through Earshot < 10 % over whisper-server start + curl (medians)',
          percent(overhead),
          overhead < overheadTarget ? 'yes' : 'NO',
        ],
        [
          'The same, outside the main inference (estimate, medians)',
          percent(estimate),
          estimate < overheadTarget ? 'yes' : 'NO',
        ],
        [
          "earshot's peak memory does not grow with length (30 vs 10 minutes, < 10 %)",
          describeGrowth(results),
          growth.fraction < memoryGrowthTarget ? 'yes' : 'NO',
        ],
      ],
    },
  };
}

function memoryGrowth(results: FileBenchmarkResults): { bytes: number; fraction: number } {
  const short = median(results.cloudWav.runs.map((run) => run.earshot.peakResidentBytes));
  const long = median(results.cloudLongWav.runs.map((run) => run.earshot.peakResidentBytes));
  return { bytes: long - short, fraction: long / short - 1 };
}

function describeGrowth(results: FileBenchmarkResults): string {
  const { bytes, fraction } = memoryGrowth(results);
  return `${bytes < 0 ? '−' : '+'}${megabytes(Math.abs(bytes))} (${percent(fraction)})`;
}

/** A helper process's figures in one run, zero when it did not run. */
function helper(
  run: EarshotTranscription,
  name: string,
): { peakResidentBytes: number; cpuMilliseconds: number } {
  return run.helpers.get(name) ?? { peakResidentBytes: 0, cpuMilliseconds: 0 };
}

/** The median of each chunk's figure across runs (runs cut the same file alike). */
function perChunk(scenario: EarshotScenario, pick: (phases: JobPhases) => number[]): number[] {
  const chunkCount = Math.max(...scenario.runs.map((run) => run.phases.chunkCount));
  return Array.from({ length: chunkCount }, (_unused, chunk) =>
    median(scenario.runs.map((run) => pick(run.phases)[chunk] ?? 0)),
  );
}

function characters(scenario: EarshotScenario): string {
  const counts = [...new Set(scenario.runs.map((run) => run.transcriptCharacters))];
  return `${counts.map((count) => count.toLocaleString('en-US')).join(' / ')} characters`;
}

function percent(fraction: number): string {
  const value = (fraction * 100).toFixed(1);
  return `${fraction >= 0 ? '+' : ''}${value} %`;
}
