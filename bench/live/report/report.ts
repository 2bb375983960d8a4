import { machineSummary } from '../../support/machine.ts';
import type { Section } from '../../support/sections.ts';
import { megabytes, milliseconds, seconds, wholeNumber } from '../../support/units.ts';
import type { RunResult } from '../measure/liveRun.ts';
import { frameBytes, frameMs } from '../measure/taggedFrames.ts';
import {
  addedLatency,
  concurrencyLimit,
  type LiveBenchmarkResults,
  type RoutePair,
  stepHeld,
} from './liveBenchmarkResults.ts';

/** Frame latencies are well under a millisecond when nothing waits, so they get two decimals. */
function ms(value: number): string {
  return Number.isNaN(value) ? '–' : value.toFixed(2);
}

function signedMs(value: number): string {
  return Number.isNaN(value) ? '–' : `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
}

function percent(value: number): string {
  return `${Math.round(value)} %`;
}

function lostAndFailed(run: RunResult): string {
  return `${wholeNumber(run.framesSent - run.framesReceived)} / ${run.failures}`;
}

export function reportSections(results: LiveBenchmarkResults): Section[] {
  return [overview(results), singleSession(results), concurrency(results), summary(results)];
}

function overview(results: LiveBenchmarkResults): Section {
  const { service } = results;
  return {
    title: `Earshot live proxy benchmark, ${results.date.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    lines: [
      `Machine: ${machineSummary(results.machine)}`,
      `Load average (1 min) of the machine: ${results.loadAverage.before.toFixed(2)} when the runs began, ` +
        `${results.loadAverage.after.toFixed(2)} when they ended (other work on the machine slows every figure)`,
      `Service: \`bin/earshot serve --port 0\` on a fresh data directory, its own process, listening after ` +
        `${milliseconds(service.startupMilliseconds)} with ${megabytes(service.residentBytesAfterStartup)} resident; ` +
        `Deepgram (P06) configured with the fake's endpoint and key`,
      `Fake: Deepgram's live API (bench/live/fake) in the benchmark's process, with the clients; one Results message per second of audio`,
      `Frames: ${wholeNumber(frameBytes)} bytes (${frameMs} ms of 16 kHz mono PCM16) every ${frameMs} ms per session, ` +
        `numbered in their first bytes; latency = the fake's performance.now() on receiving a frame − the client's just before sending it`,
      `Warm-up: one ${results.warmUpSeconds}-s session on each route before the measured runs, not counted; whole benchmark ${seconds(results.totalMilliseconds)}`,
    ],
  };
}

function singleSession(results: LiveBenchmarkResults): Section {
  const { single } = results;
  const added = addedLatency(single);
  const row = (label: string, run: RunResult) => [
    label,
    wholeNumber(run.latency.count),
    ms(run.latency.p50),
    ms(run.latency.p99),
    ms(run.latency.mean),
    ms(run.latency.max),
    lostAndFailed(run),
  ];
  return {
    title: 'Latency the proxy adds, one session',
    lines: [
      `${results.seconds} s of audio (${wholeNumber(single.direct.framesPerSession)} frames) on each route, one after the other`,
      'Direct: the Deepgram live client (providers/deepgram/liveClient.ts) connected to the fake; ' +
        'through the proxy: openProxyStream to ws://127.0.0.1:PORT/ws/deepgram, whose Deepgram client connects to the same fake',
      'Added: the proxy row less the direct row, figure by figure (a difference of percentiles; frames cannot be paired across runs)',
      `Service CPU while the proxied session streamed: ${percent(single.proxy.service.cpuPercent)} of one core; ` +
        `other work on the machine: ${single.direct.otherWorkCores.toFixed(2)} cores (direct), ${single.proxy.otherWorkCores.toFixed(2)} cores (proxy)`,
    ],
    table: {
      headers: ['Route', 'Frames', 'p50 ms', 'p99 ms', 'Mean ms', 'Max ms', 'Lost / failed'],
      rows: [
        row('direct', single.direct),
        row('through the proxy', single.proxy),
        [
          'added by the proxy',
          '',
          signedMs(added.p50),
          signedMs(added.p99),
          signedMs(added.mean),
          signedMs(added.max),
          '',
        ],
      ],
      numericColumns: [1, 2, 3, 4, 5],
    },
  };
}

function concurrency(results: LiveBenchmarkResults): Section {
  const row = (pair: RoutePair) => {
    const added = addedLatency(pair);
    return [
      `${wholeNumber(pair.sessions)}${pair.attempt > 1 ? ' (re-run)' : ''}`,
      ms(pair.direct.latency.p50),
      ms(pair.direct.latency.p99),
      ms(pair.proxy.latency.p50),
      ms(pair.proxy.latency.p99),
      signedMs(added.p50),
      signedMs(added.p99),
      percent(pair.proxy.service.cpuPercent),
      megabytes(pair.proxy.service.peakResidentBytes),
      percent(pair.proxy.benchCpuPercent),
      ms(pair.proxy.sendLagP99Ms),
      `${pair.direct.otherWorkCores.toFixed(2)}, ${pair.proxy.otherWorkCores.toFixed(2)}`,
      `${lostAndFailed(pair.direct)}; ${lostAndFailed(pair.proxy)}`,
      stepHeld(pair, results.limitMs) ? 'yes' : 'NO',
    ];
  };
  return {
    title: 'Concurrent proxied sessions on one service',
    lines: [
      `Steps tried in order (${results.stepsPlanned.join(', ')}); a step whose added p99 reached ${results.limitMs} ms ` +
        `or that lost a frame or a session is run once more, and the benchmark stops when that re-run fails too; at each run, the sessions ran on the direct route, then through the proxy, ${results.stepSeconds} s of audio each, ` +
        `all connected before the first frame, their 100-ms schedules spread evenly over the 100 ms`,
      'Added: proxy percentile less direct percentile at the same number of sessions, so what the benchmark process itself costs (its clients and the fake) cancels out',
      'Service CPU: user + system time of the service process over the streaming window, in % of one core; Service RSS: the highest VmRSS read every 0.5 s while streaming',
      'Bench CPU: this process (clients and fake) during the proxied run, in % of one core; Send lag p99: how late the proxied run’s frames left against their schedule',
      'Other work: cores used by other processes on the machine during the direct and the proxied run; Lost / failed: frames that never reached the fake / sessions that ended in an error, direct; proxy',
    ],
    table: {
      headers: [
        'Sessions',
        'Direct p50 ms',
        'Direct p99 ms',
        'Proxy p50 ms',
        'Proxy p99 ms',
        'Added p50 ms',
        'Added p99 ms',
        'Service CPU',
        'Service RSS',
        'Bench CPU',
        'Send lag p99 ms',
        'Other work (cores)',
        'Lost / failed',
        `Under ${results.limitMs} ms`,
      ],
      rows: results.steps.map(row),
      numericColumns: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    },
  };
}

function summary(results: LiveBenchmarkResults): Section {
  const { largestHeld, firstOver } = concurrencyLimit(results.steps, results.limitMs);
  const lastPlanned = results.stepsPlanned.at(-1) ?? 0;
  const answer =
    largestHeld === undefined
      ? `none of the steps tried held`
      : `${wholeNumber(largestHeld.sessions)} concurrent sessions (added p99 ${signedMs(addedLatency(largestHeld).p99)} ms` +
        `${largestHeld.attempt > 1 ? ', on its re-run' : ''})`;
  const lostSomething = (pair: RoutePair) =>
    [
      pair.direct.failures + pair.proxy.failures > 0 ? 'lost sessions' : '',
      pair.direct.framesReceived < pair.direct.framesSent || pair.proxy.framesReceived < pair.proxy.framesSent
        ? 'lost frames'
        : '',
    ]
      .filter((text) => text !== '')
      .map((text) => ` and ${text}`)
      .join('');
  const bound =
    firstOver !== undefined
      ? `${wholeNumber(firstOver.sessions)} sessions did not hold (added p99 ${signedMs(addedLatency(firstOver).p99)} ms on the re-run` +
        `${lostSomething(firstOver)}), so the limit lies between the two step counts`
      : `every step up to the last one planned (${wholeNumber(lastPlanned)}) held, so the service may hold more`;
  return {
    title: 'Summary',
    lines: [
      `Latency the proxy adds to one session's frames: ${signedMs(addedLatency(results.single).p50)} ms at p50, ` +
        `${signedMs(addedLatency(results.single).p99)} ms at p99`,
      `Concurrent proxied sessions at real-time rate with added p99 under ${results.limitMs} ms: ${answer}; ${bound}`,
    ],
  };
}
