/**
 * `npm run bench:live`: starts the real service with Deepgram (P06) aimed at a fake of its live
 * API, and measures what the local proxy (`/ws/deepgram`) adds to each audio frame's trip, for one
 * session and for more and more concurrent sessions at real-time rate, with the service's CPU and
 * memory. It prints figures and asserts nothing; see bench/README.md.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { launchSecretFileName } from '../../main/serviceFile.ts';
import { definition as deepgram } from '../../providers/deepgram/definition.ts';
import { startServiceProcess } from '../api/service/serviceProcess.ts';
import { waitForQuietMachine } from '../file/measure/machineLoad.ts';
import { describeMachine } from '../support/machine.ts';
import { readmePath, writeReadmeFigures } from '../support/readmeFigures.ts';
import { markdownReport, textReport } from '../support/sections.ts';
import { seconds } from '../support/units.ts';
import { startTimedDeepgramFake } from './fake/timedDeepgramFake.ts';
import { FrameLedger } from './measure/frameLedger.ts';
import { runLiveSessions, type RunContext, type RunResult } from './measure/liveRun.ts';
import { frameMs } from './measure/taggedFrames.ts';
import { parseOptions } from './options.ts';
import {
  addedLatency,
  type LiveBenchmarkResults,
  type RoutePair,
  stepHeld,
} from './report/liveBenchmarkResults.ts';
import { reportSections } from './report/report.ts';

/** Progress goes to standard error so that standard output holds only the report. */
const log = (line: string) => console.error(line);

const warmUpSeconds = 2;
const framesPerSecond = 1000 / frameMs;

const describeRun = (run: RunResult) =>
  `p50 ${run.latency.p50.toFixed(2)} ms, p99 ${run.latency.p99.toFixed(2)} ms, max ${run.latency.max.toFixed(2)} ms` +
  `, ${run.framesReceived}/${run.framesSent} frames` +
  (run.failures > 0 ? `, ${run.failures} FAILED (${run.firstFailure})` : '') +
  (run.route === 'proxy' ? `, service CPU ${Math.round(run.service.cpuPercent)} %` : '');

const logAdded = (pair: RoutePair) => {
  const added = addedLatency(pair);
  log(`  added: p50 ${added.p50.toFixed(2)} ms, p99 ${added.p99.toFixed(2)} ms`);
};

/** Waits, at most this long, for a quiet machine before each pair of runs; they go ahead after it anyway. */
const quietWaitLimitMs = 5_000;

const waitForQuiet = async () => {
  const { quiet, waitedMs, cores } = await waitForQuietMachine(quietWaitLimitMs);
  if (!quiet)
    log(`  (the machine stayed busy: ${cores.toFixed(2)} cores of other work after ${seconds(waitedMs)})`);
};

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const date = new Date();
  const startedAt = performance.now();
  const loadBefore = loadavg()[0] ?? 0;

  const dataDirectory = mkdtempSync(join(tmpdir(), 'earshot-bench-live-'));
  const ledger = new FrameLedger();
  const { fake, config } = await startTimedDeepgramFake((frame, receivedAt) =>
    ledger.received(frame, receivedAt),
  );
  try {
    // The proxy reads the provider's config afresh for every connection, from the secrets file.
    writeProviderConfig(dataDirectory, 'deepgram', config);
    log(`Service on ${dataDirectory}, Deepgram fake at ${fake.baseUrl}`);
    const service = await startServiceProcess(dataDirectory);
    try {
      const residentBytesAfterStartup = service.memory().residentBytes;
      const context: RunContext = {
        ledger,
        deepgramConfig: deepgram.configSchema.parse(config),
        proxy: {
          baseUrl: `http://127.0.0.1:${service.port}`,
          launchSecret: readFileSync(join(dataDirectory, launchSecretFileName), 'utf8').trim(),
        },
        servicePid: service.pid,
      };
      const pair = async (sessions: number, frames: number, attempt = 1): Promise<RoutePair> => {
        await waitForQuiet();
        const direct = await runLiveSessions(context, 'direct', sessions, frames);
        log(`  direct: ${describeRun(direct)}`);
        const proxy = await runLiveSessions(context, 'proxy', sessions, frames);
        log(`  proxy:  ${describeRun(proxy)}`);
        return { sessions, attempt, direct, proxy };
      };

      log(`Warm-up: one ${warmUpSeconds}-s session on each route`);
      await pair(1, warmUpSeconds * framesPerSecond);

      log(`One session, ${options.seconds} s of audio on each route`);
      const single = await pair(1, options.seconds * framesPerSecond);

      const steps: RoutePair[] = [];
      for (const sessions of options.steps) {
        log(`${sessions} concurrent sessions, ${options.stepSeconds} s of audio each`);
        const step = await pair(sessions, options.stepSeconds * framesPerSecond);
        steps.push(step);
        logAdded(step);
        if (stepHeld(step, options.limitMs)) continue;
        // One run over the limit may be a stretch of other work on the machine: the step is run once
        // more, and the benchmark stops only when that run is over the limit too.
        log(`  over the limit; ${sessions} sessions once more`);
        const again = await pair(sessions, options.stepSeconds * framesPerSecond, 2);
        steps.push(again);
        logAdded(again);
        if (!stepHeld(again, options.limitMs)) break;
      }

      const results: LiveBenchmarkResults = {
        date,
        machine: describeMachine(),
        loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
        service: {
          startupMilliseconds: service.startupMilliseconds,
          residentBytesAfterStartup,
          peakResidentBytes: service.memory().peakResidentBytes,
        },
        warmUpSeconds,
        single,
        seconds: options.seconds,
        steps,
        stepSeconds: options.stepSeconds,
        stepsPlanned: options.steps,
        limitMs: options.limitMs,
        totalMilliseconds: performance.now() - startedAt,
      };
      const sections = reportSections(results);
      console.log(textReport(sections));
      if (options.writeReadme) {
        await writeReadmeFigures('live', markdownReport(sections));
        log(`Figures written to ${readmePath}`);
      }
      log(`Whole benchmark: ${seconds(results.totalMilliseconds)}`);
    } finally {
      await service.stop();
    }
  } finally {
    await fake.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:live: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
