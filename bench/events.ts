/**
 * `npm run bench:events`: how fast one service pushes its events to 100 Server-Sent Events clients,
 * and what a stalled client costs before it is dropped. The service runs in this process, so the
 * benchmark publishes into its event feed directly (as the store and the live sessions do); the
 * clients run in a child process (bench/events/sseClients.ts) with a core of their own. It prints
 * figures and asserts nothing; see bench/README.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { backlogLimitBytes } from '../api/events/eventFollowers.ts';
import { OtherWorkMeter, waitForQuietMachine } from './file/measure/machineLoad.ts';
import { processCpuMilliseconds } from './live/measure/serviceUsage.ts';
import { type RunningService, startService } from '../main/service.ts';
import type { ClientCommand, ClientReply } from './events/sseClients.ts';
import { machineMilliseconds } from './events/sseClients.ts';
import { describeMachine, machineSummary } from './support/machine.ts';

const log = (line: string) => console.error(line);

const clientCount = 100;
const stepSeconds = 5;
/** Publishing rates tried, events per second, until p99 passes the target. */
const ladder = [100, 250, 500, 1_000, 2_000, 3_000, 4_000, 6_000, 8_000, 12_000, 16_000, 24_000, 32_000];
const targetP99Ms = 50;
/** Events are published in batches this often; each event carries its own send time. */
const batchIntervalMs = 5;

const stalledClients = 20;
/** A stalled client's own events (its session), so that no two stalled clients share a byte. */
const stalledEventBytes = 4096;

/** About a stored line's size: the segment's text is 150 characters. */
const filler =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua ut enim ad minim'.slice(
    0,
    120,
  );

function ask(
  child: ChildProcess,
  command: ClientCommand,
  replyType: ClientReply['type'],
): Promise<ClientReply> {
  return new Promise((resolve) => {
    const listener = (message: ClientReply) => {
      if (message.type !== replyType) return;
      child.off('message', listener);
      resolve(message);
    };
    child.on('message', listener);
    child.send(command);
  });
}

async function liveClients(service: RunningService): Promise<number> {
  const health = (await (await fetch(`${service.baseUrl}/api/v1/health`)).json()) as { liveClients: number };
  return health.liveClients;
}

/**
 * How events reach the clients: `batched`, those published in one turn of the event loop (a 5 ms
 * batch here) as one write to each; `one per write`, each event in a turn of its own, as when every
 * event comes from a store transaction of its own.
 */
type Publishing = 'batched' | 'one per write';
const publishings: Publishing[] = ['batched', 'one per write'];

/** Publishes `rate` events a second for `seconds`, on a schedule from the start; returns how many. */
async function publishAt(
  service: RunningService,
  step: number,
  rate: number,
  publishing: Publishing,
): Promise<number> {
  const started = machineMilliseconds();
  let published = 0;
  while (machineMilliseconds() - started < stepSeconds * 1000) {
    const due = Math.floor(((machineMilliseconds() - started) / 1000) * rate);
    for (; published < due; published += 1) {
      service.events.publish({
        type: 'transcript.final',
        sessionId: 'bench',
        segment: {
          seq: published,
          text: `${step} ${machineMilliseconds().toFixed(3)} ${filler}`,
          startMs: published * 1000,
          endMs: published * 1000 + 900,
          speaker: 'Speaker 1',
          language: 'en',
        },
      });
      // The event streams send what waits at the end of the turn: this makes each event's turn end.
      if (publishing === 'one per write') await Promise.resolve();
    }
    await sleep(batchIntervalMs);
  }
  return published;
}

interface StepResult {
  rate: number;
  achievedRate: number;
  p50: number;
  p99: number;
  max: number;
  complete: boolean;
  /** Cores' worth of CPU other processes used during the step. */
  otherWorkCores: number;
}

/** Each step waits, at most this long, for a quiet machine; it goes ahead after it anyway. */
const quietWaitLimitMs = 60_000;

async function runStep(
  service: RunningService,
  child: ChildProcess,
  step: number,
  rate: number,
  publishing: Publishing,
): Promise<StepResult> {
  await waitForQuietMachine(quietWaitLimitMs);
  const meter = new OtherWorkMeter();
  const clientCpuAtStart = processCpuMilliseconds(child.pid ?? 0);
  const started = machineMilliseconds();
  const published = await publishAt(service, step, rate, publishing);
  const wallMs = machineMilliseconds() - started;
  const achievedRate = published / (wallMs / 1000);
  const otherWorkCores = meter.finish(processCpuMilliseconds(child.pid ?? 0) - clientCpuAtStart, wallMs);
  // Late events still count: wait for the clients to catch up (or to be dropped) before asking.
  await sleep(1000);
  const report = (await ask(child, { type: 'report', step }, 'report')) as Extract<
    ClientReply,
    { type: 'report' }
  >;
  const complete = report.receivedPerClient.every((count) => count === published) && report.ended === 0;
  const result = { rate, achievedRate, ...report.latency, complete, otherWorkCores };
  log(
    `  ${publishing}, ${rate} events/s (sent ${Math.round(achievedRate)}/s): p50 ${figure(result.p50)} ms, p99 ${figure(result.p99)} ms, ` +
      `max ${figure(result.max)} ms, other work ${otherWorkCores.toFixed(2)} cores` +
      (complete ? '' : `, INCOMPLETE (${report.ended} streams ended)`),
  );
  return result;
}

/** A latency, or a dash where no event arrived (NaN, which IPC turns into null). */
const figure = (milliseconds: number | null) =>
  milliseconds === null || Number.isNaN(milliseconds) ? '–' : milliseconds.toFixed(1);

const holds = (result: StepResult) => result.p99 < targetP99Ms && result.complete;

/** 100 reading clients in a child process of their own. */
async function openClients(service: RunningService, token: string): Promise<ChildProcess> {
  const child = fork(join(import.meta.dirname, 'events', 'sseClients.ts'), {
    execArgv: ['--disable-warning=ExperimentalWarning'],
  });
  await ask(
    child,
    { type: 'open', baseUrl: service.baseUrl, token, count: clientCount, stalled: false },
    'opened',
  );
  log(`${await liveClients(service)} clients follow /api/v1/events`);
  return child;
}

async function closeClients(child: ChildProcess): Promise<void> {
  child.send({ type: 'close' } satisfies ClientCommand);
  await new Promise((resolve) => child.once('exit', resolve));
}

async function deliveryRates(
  service: RunningService,
  token: string,
  publishing: Publishing,
): Promise<StepResult[]> {
  let child = await openClients(service, token);
  let step = 0;
  const results: StepResult[] = [];
  const run = async (rate: number) => {
    const result = await runStep(service, child, (step += 1), rate, publishing);
    results.push(result);
    // Clients that fell 1 MiB behind were dropped: the next rate gets fresh ones.
    if (!result.complete) {
      await closeClients(child);
      child = await openClients(service, token);
    }
    return result;
  };
  try {
    // Two rates in a row that do not hold end the ladder: one alone may be other work's doing.
    let failedInARow = 0;
    for (const rate of ladder) {
      failedInARow = holds(await run(rate)) ? 0 : failedInARow + 1;
      if (failedInARow === 2) break;
    }
    // Between the highest rate that held and the next one tried, in quarters.
    const held = results.filter(holds).at(-1);
    const failed = results.find((result) => held !== undefined && result.rate > held.rate);
    if (held !== undefined && failed !== undefined) {
      for (const fraction of [0.25, 0.5, 0.75]) {
        await run(Math.round(held.rate + (failed.rate - held.rate) * fraction));
      }
    }
    return results;
  } finally {
    await closeClients(child);
  }
}

interface StalledCost {
  clients: number;
  residentGrowthBytes: number;
  arrayBufferGrowthBytes: number;
  afterDropResidentGrowthBytes: number;
  publishedBytes: number;
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * Stalled clients, each on a session of its own so that none shares an event with another: the
 * worst case, every one holding its own bytes. Publishes into their sessions until each is dropped,
 * sampling this process's memory all along.
 */
async function stalledClientCost(service: RunningService, token: string): Promise<StalledCost> {
  // The feed's buffer is filled first to its most (it keeps 2,000 to 3,999 events, trimmed in
  // batches), so that it cannot grow during the measure: it is not a client's cost.
  const big = 'y'.repeat(stalledEventBytes);
  for (let index = 0; index < 5999; index += 1) {
    service.events.publish({ type: 'transcript.partial', sessionId: 'warm-up', text: big });
  }
  collectGarbage();
  await sleep(200);
  collectGarbage();
  const before = process.memoryUsage();
  const child = fork(join(import.meta.dirname, 'events', 'sseClients.ts'), {
    execArgv: ['--disable-warning=ExperimentalWarning'],
  });
  let peakResident = before.rss;
  let peakArrayBuffers = before.arrayBuffers;
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    peakResident = Math.max(peakResident, now.rss);
    peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers);
  }, 10);
  let publishedBytes = 0;
  try {
    await ask(
      child,
      {
        type: 'open',
        baseUrl: service.baseUrl,
        token,
        count: stalledClients,
        stalled: true,
        sessionPrefix: 'stalled-',
      },
      'opened',
    );
    log(`${await liveClients(service)} stalled clients`);
    while ((await liveClients(service)) > 0) {
      for (let index = 0; index < stalledClients; index += 1) {
        service.events.publish({ type: 'transcript.partial', sessionId: `stalled-${index}`, text: big });
        publishedBytes += big.length;
      }
      await sleep(1);
    }
    log(`all dropped after ${Math.round(publishedBytes / stalledClients / 1024)} KiB published to each`);
    const peak = process.memoryUsage();
    peakResident = Math.max(peakResident, peak.rss);
    peakArrayBuffers = Math.max(peakArrayBuffers, peak.arrayBuffers);
  } finally {
    clearInterval(sample);
    child.send({ type: 'close' } satisfies ClientCommand);
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await sleep(500);
  collectGarbage();
  const after = process.memoryUsage();
  return {
    clients: stalledClients,
    residentGrowthBytes: peakResident - before.rss,
    arrayBufferGrowthBytes: peakArrayBuffers - before.arrayBuffers,
    afterDropResidentGrowthBytes: after.rss - before.rss,
    publishedBytes,
  };
}

function printLadder(publishing: Publishing, steps: StepResult[]): void {
  console.log(
    `\n${clientCount} SSE clients (GET /api/v1/events), ${stepSeconds} s per rate, transcript.final events of about ` +
      `330 bytes, ${publishing === 'batched' ? `published in batches every ${batchIntervalMs} ms` : 'one event per write'}:`,
  );
  console.log(
    '| rate asked (events/s) | sent | p50 ms | p99 ms | max ms | every client got every event | other work (cores) |',
  );
  console.log('|---:|---:|---:|---:|---:|---|---:|');
  for (const step of [...steps].sort((first, second) => first.rate - second.rate)) {
    console.log(
      `| ${step.rate} | ${Math.round(step.achievedRate)} | ${figure(step.p50)} | ${figure(step.p99)} | ` +
        `${figure(step.max)} | ${step.complete ? 'yes' : 'no'} | ${step.otherWorkCores.toFixed(2)} |`,
    );
  }
  const best = steps
    .filter(holds)
    .reduce<StepResult | undefined>(
      (highest, step) => (highest === undefined || step.achievedRate > highest.achievedRate ? step : highest),
      undefined,
    );
  console.log(
    best === undefined
      ? `\nNo rate kept p99 under ${targetP99Ms} ms.`
      : `\nHighest rate with p99 < ${targetP99Ms} ms to ${clientCount} clients (${publishing}): ` +
          `${Math.round(best.achievedRate)} events/s (${Math.round(best.achievedRate * clientCount)} deliveries/s), ` +
          `p99 ${best.p99.toFixed(1)} ms.`,
  );
}

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'earshot-bench-events-'));
  const service = await startService({ dataDirectory: directory, port: 0 });
  try {
    const enabled = await fetch(`${service.baseUrl}/control/v1/api/enable`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.launchSecret}` },
    });
    const { token } = (await enabled.json()) as { token: string };
    log(`Machine: ${machineSummary(describeMachine())}; load average ${loadavg()[0]?.toFixed(2)}`);
    const ladders = new Map<Publishing, StepResult[]>();
    for (const publishing of publishings)
      ladders.set(publishing, await deliveryRates(service, token, publishing));
    const cost = await stalledClientCost(service, token);

    console.log(`Machine: ${machineSummary(describeMachine())}`);
    for (const [publishing, steps] of ladders) printLadder(publishing, steps);
    console.log(
      `\n${cost.clients} stalled clients, each on its own session (no shared events), backlog limit ${mebibytes(backlogLimitBytes)}: ` +
        `all dropped after ${mebibytes(cost.publishedBytes / cost.clients)} published to each. Peak growth: resident ` +
        `${mebibytes(cost.residentGrowthBytes)} (${mebibytes(cost.residentGrowthBytes / cost.clients)} per client), ` +
        `buffers ${mebibytes(cost.arrayBufferGrowthBytes)} (${mebibytes(cost.arrayBufferGrowthBytes / cost.clients)} per client); ` +
        `after the drops: resident ${mebibytes(cost.afterDropResidentGrowthBytes)} above the start.`,
    );
  } finally {
    await service.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
