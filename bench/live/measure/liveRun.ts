import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LiveEvent, LiveStream } from '../../../providers/contract.ts';
import type { DeepgramConfig } from '../../../providers/deepgram/config.ts';
import { definition as deepgram } from '../../../providers/deepgram/definition.ts';
import { openProxyStream, type ProxyAddress } from '../../../providers/live/proxyStream.ts';
import { OtherWorkMeter } from '../../file/measure/machineLoad.ts';
import type { FrameLedger } from './frameLedger.ts';
import { latencyFigures, type LatencyFigures } from './latencyFigures.ts';
import { ServiceWatch, type ServiceUsage } from './serviceUsage.ts';
import { frameMs, taggedFrame } from './taggedFrames.ts';

/** `direct`: the Deepgram live client to the fake; `proxy`: through the service's `/ws/deepgram`. */
export type Route = 'direct' | 'proxy';

export interface RunContext {
  ledger: FrameLedger;
  /** Validated Deepgram config aimed at the fake, for the direct route. */
  deepgramConfig: DeepgramConfig;
  proxy: ProxyAddress;
  servicePid: number;
}

export interface RunResult {
  route: Route;
  sessions: number;
  framesPerSession: number;
  /** Arrival at the fake minus sending by the client, per frame. */
  latency: LatencyFigures;
  framesSent: number;
  framesReceived: number;
  /** Sessions that ended with an error (or never became ready), and the first message. */
  failures: number;
  firstFailure: string | undefined;
  /** Sessions whose end of stream was confirmed (`finished`). */
  finished: number;
  /** `partial` and `final` events the clients received (the fake's results, relayed). */
  transcriptEvents: number;
  /** From the first connection to the last session's `ready`. */
  connectMs: number;
  /** From the first frame due to the last frame sent. */
  streamingMs: number;
  /** How late frames left against their schedule (p99), ms: the benchmark process keeping up. */
  sendLagP99Ms: number;
  /** This process (clients and fake) over the streaming window, in % of one core. */
  benchCpuPercent: number;
  /** The service over the streaming window (idle on the direct route). */
  service: ServiceUsage;
  /** Cores' worth of CPU other processes on the machine used over the streaming window. */
  otherWorkCores: number;
}

/** Sessions being connected at once, so a large step does not hit the listen backlog. */
const connectConcurrency = 50;
const readyTimeoutMs = 30_000;
const finishTimeoutMs = 20_000;
const arrivalGraceMs = 5_000;
/** Time between the last `ready` and the first frame, so connecting does not bleed into the figures. */
const settleMs = 300;

interface Session {
  id: number;
  stream: LiveStream | undefined;
  ready: boolean;
  failure: string | undefined;
  finished: boolean;
}

/**
 * Runs `sessions` concurrent live sessions on one route: connects them all, then has each send
 * `frames` tagged 100 ms frames at real-time rate (one every 100 ms, the sessions' schedules
 * spread evenly over the 100 ms, as independent microphones would be), ends each stream and waits
 * for its confirmation, then matches the fake's arrival times against the sending times.
 */
export async function runLiveSessions(
  context: RunContext,
  route: Route,
  sessions: number,
  frames: number,
): Promise<RunResult> {
  const { ledger } = context;
  let transcriptEvents = 0;
  const all: Session[] = Array.from({ length: sessions }, () => ({
    id: ledger.open(frames),
    stream: undefined,
    ready: false,
    failure: undefined,
    finished: false,
  }));
  const ids = all.map((session) => session.id);

  const connectStartedAt = performance.now();
  let next = 0;
  const connectWorker = async () => {
    while (next < all.length) {
      const session = all[next++];
      if (session !== undefined) await connect(context, route, session, () => transcriptEvents++);
    }
  };
  await Promise.all(Array.from({ length: Math.min(connectConcurrency, sessions) }, connectWorker));
  const connectMs = performance.now() - connectStartedAt;

  const streaming = all.filter((session) => session.ready && session.failure === undefined);
  const firstDueAt = performance.now() + settleMs;
  await sleep(settleMs);
  const serviceWatch = new ServiceWatch(context.servicePid);
  const otherWork = new OtherWorkMeter();
  const benchCpuAtStart = process.cpuUsage();
  const sendLags: number[] = [];
  await Promise.all(
    streaming.map((session, index) =>
      sendFrames(session, frames, firstDueAt + (index * frameMs) / streaming.length, ledger, sendLags),
    ),
  );
  const streamingMs = performance.now() - firstDueAt;
  const service = serviceWatch.finish();
  const benchCpu = process.cpuUsage(benchCpuAtStart);
  const otherWorkCores = otherWork.finish(service.cpuMilliseconds, streamingMs);

  await Promise.all(streaming.map((session) => session.stream?.finish(finishTimeoutMs) ?? Promise.resolve()));
  const arrivalDeadline = performance.now() + arrivalGraceMs;
  while (!ledger.allArrived(ids) && performance.now() < arrivalDeadline) await sleep(20);
  for (const session of all) session.stream?.close();

  const { latencies, sent, received } = ledger.collect(ids);
  ledger.forget(ids);
  const failed = all.filter((session) => session.failure !== undefined);
  return {
    route,
    sessions,
    framesPerSession: frames,
    latency: latencyFigures(latencies),
    framesSent: sent,
    framesReceived: received,
    failures: failed.length,
    firstFailure: failed[0]?.failure,
    finished: all.filter((session) => session.finished).length,
    transcriptEvents,
    connectMs,
    streamingMs,
    sendLagP99Ms: latencyFigures(sendLags).p99,
    benchCpuPercent: ((benchCpu.user + benchCpu.system) / 1000 / streamingMs) * 100,
    service,
    otherWorkCores,
  };
}

/** Opens one session's stream and resolves once it is ready or has failed. */
function connect(
  context: RunContext,
  route: Route,
  session: Session,
  onTranscript: () => void,
): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      session.failure ??= `not ready within ${readyTimeoutMs / 1000} s`;
      resolve();
    }, readyTimeoutMs);
    const onEvent = (event: LiveEvent) => {
      if (event.type === 'ready') {
        session.ready = true;
        clearTimeout(timer);
        resolve();
      } else if (event.type === 'partial' || event.type === 'final') {
        onTranscript();
      } else if (event.type === 'error') {
        session.failure ??= `${event.code}: ${event.message}`;
        clearTimeout(timer);
        resolve();
      } else if (event.type === 'finished') {
        session.finished = true;
        clearTimeout(timer);
        resolve();
      }
    };
    session.stream =
      route === 'direct'
        ? deepgram.live!.open({
            config: context.deepgramConfig,
            languageHints: ['en'],
            audioFormat: 'pcm16',
            onEvent,
          })
        : openProxyStream(context.proxy, { providerId: 'deepgram', languageHints: ['en'], onEvent });
  });
}

/** Sends `frames` frames, frame k due at `firstDueAt + k × 100 ms`; resolves after the last. */
function sendFrames(
  session: Session,
  frames: number,
  firstDueAt: number,
  ledger: FrameLedger,
  sendLags: number[],
): Promise<void> {
  return new Promise((resolve) => {
    const send = (sequence: number) => {
      const frame = taggedFrame(session.id, sequence);
      const dueAt = firstDueAt + sequence * frameMs;
      const sentAt = performance.now();
      ledger.sent(session.id, sequence, sentAt);
      session.stream?.sendAudio(frame);
      sendLags.push(sentAt - dueAt);
      if (sequence + 1 >= frames) {
        resolve();
        return;
      }
      setTimeout(() => send(sequence + 1), Math.max(0, dueAt + frameMs - performance.now()));
    };
    setTimeout(() => send(0), Math.max(0, firstDueAt - performance.now()));
  });
}
