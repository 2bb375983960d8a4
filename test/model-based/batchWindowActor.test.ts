import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as timersPromises from 'node:timers/promises';
import { type AnyMachineSnapshot, type EventObject, getInitialSnapshot, getNextSnapshot } from 'xstate';
import { openBatchWindowStream } from '../../actors/batch/batchWindowStream.ts';
import { delayedEvents, delayMs } from '../../machines/analysis/delays.ts';
import {
  allPaths,
  computeCoverage,
  describePath,
  type MachinePaths,
  type ModelPath,
} from '../../machines/analysis/modelPaths.ts';
import type { BatchWindowEvent, BatchWindowMode, batchWindowMachine } from '../../machines/batchWindow.ts';
import { analyzeEntry, catalogEntry } from '../../machines/catalog.ts';
import type { LiveEvent, LiveStream, ProviderDefinition } from '../../providers/contract.ts';
import { definition as groq } from '../../providers/groq/definition.ts';
import { definition as openAiCompatible } from '../../providers/openai-compatible/definition.ts';
import { fixture as groqFixture } from '../fakes/groq/fixture.ts';
import { fixture as openAiCompatibleFixture } from '../fakes/openai-compatible/fixture.ts';
import type { ProviderFake, ProviderFakeFixture } from '../fakes/providerFakeFixture.ts';
import { openTcpGate, type TcpGate } from '../support/tcpGate.ts';

/**
 * The batch-window paths generated from the machine, replayed on the real window stream
 * (`openBatchWindowStream`) with each provider's own file client against its fake: interval mode
 * on Groq (P11), debounce mode on a local OpenAI-compatible server (P12). Each machine event is
 * caused the way it happens in the service: the stream opens once the provider's address is
 * resolved, audio comes as frames of speech, the vendor answers a pass, refuses it for now (503,
 * through the client's own retries) or for good (401), the caller finishes the stream, and time
 * passes on the fake clock. The vendor is reached through a gate that can be shut, so that its
 * address stops answering before the window opens or while a pass is out.
 *
 * Each pass is held until the path's step answers it, so that audio and a stop can come while it
 * is out; a successful one takes the 400 ms the path gives it, which the actor measures and which
 * shortens its next wait.
 */
const entry = catalogEntry('batchWindow');
// The registry erases each machine's own types; these paths are the batch window's.
const paths = analyzeEntry(entry).paths as unknown as MachinePaths<typeof batchWindowMachine>;
type BatchWindowPath = ModelPath<typeof batchWindowMachine>;
const model = entry.pathMachine ?? entry.machine;
const delays = delayedEvents(model);

const providerFor: Record<BatchWindowMode, { fixture: ProviderFakeFixture; definition: unknown }> = {
  interval: { fixture: groqFixture, definition: groq },
  debounce: { fixture: openAiCompatibleFixture, definition: openAiCompatible },
};
// Far past any path's fake time: the stream's own finish deadline is not part of the model.
const finishTimeoutMs = 60 * 60_000;
const retryAfterSeconds = 1;
const giveUpAfterMs = 5_000;

/**
 * The file client waits between retries with node:timers/promises' setTimeout: here the wait runs
 * on the fake clock, and the test sees it begin, so it lets exactly that wait pass.
 */
const retryWaits = vi.hoisted(() => ({ started: 0, lastMs: 0 }));
vi.mock('node:timers/promises', async (importOriginal) => {
  const original = await importOriginal<typeof timersPromises>();
  const setTimeoutOnTestClock = <T>(ms: number, value?: T, options?: { signal?: AbortSignal }) =>
    new Promise<T | undefined>((resolve, reject) => {
      retryWaits.started++;
      retryWaits.lastMs = ms;
      const abort = () => {
        clearTimeout(timer);
        const aborted = new Error('The operation was aborted', { cause: options?.signal?.reason });
        aborted.name = 'AbortError';
        reject(aborted);
      };
      const timer = setTimeout(() => resolve(value), ms);
      if (options?.signal?.aborted) abort();
      else options?.signal?.addEventListener('abort', abort, { once: true });
    });
  return { ...original, setTimeout: setTimeoutOnTestClock };
});

interface RunningProvider {
  fake: ProviderFake;
  definition: ProviderDefinition<unknown>;
  config: unknown;
}
const running = new Map<BatchWindowMode, RunningProvider>();

beforeAll(async () => {
  for (const mode of ['interval', 'debounce'] as const) {
    const { fixture } = providerFor[mode];
    const definition = providerFor[mode].definition as ProviderDefinition<unknown>;
    expect(definition.metadata.executionMode).toBe(`windowed-${mode}`);
    const fake = await fixture.start();
    // Idle connections stay open: the client's own keep-alive timer runs on the fake clock, so it
    // must not find a connection the server closed in real time.
    fake.httpServer.keepAliveTimeout = 0;
    running.set(mode, { fake, definition, config: definition.configSchema.parse(fixture.config(fake)) });
  }
});
afterAll(async () => {
  await Promise.all([...running.values()].map(({ fake }) => fake.close()));
});
afterEach(() => vi.useRealTimers());

/**
 * PCM16 at 16 kHz that the window's voice-activity check hears as speech in any 200 ms of it, however
 * the window is trimmed: each 100 ms is 40 ms of room noise, then 60 ms of a loud tone.
 */
function speech(durationMs: number): Uint8Array {
  const samples = durationMs * 16;
  const pcm = Buffer.alloc(samples * 2);
  for (let sample = 0; sample < samples; sample++) {
    const value =
      sample % 1600 < 640 ? 60 : Math.round(8000 * Math.sin((2 * Math.PI * 440 * sample) / 16_000));
    pcm.writeInt16LE(value, sample * 2);
  }
  return pcm;
}
const speechFrames = new Map<number, Uint8Array>();
function speechFrame(durationMs: number): Uint8Array {
  const frame = speechFrames.get(durationMs) ?? speech(durationMs);
  speechFrames.set(durationMs, frame);
  return frame;
}

/** One real turn of the event loop: network and file callbacks run, fake timers do not. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = process.hrtime.bigint() + BigInt(giveUpAfterMs) * 1_000_000n;
  while (!condition()) {
    if (process.hrtime.bigint() > deadline) throw new Error(`gave up waiting for ${what}`);
    await nextTurn();
  }
}

interface WindowUnderTest {
  stream: LiveStream;
  events: LiveEvent[];
  snapshot: () => AnyMachineSnapshot | undefined;
  /** PASS_DONE, PASS_FAILED and ENDPOINT_UNREACHABLE events the machine has received. */
  passOutcomes: () => number;
  /** Passes waiting for the vendor, oldest first: calling one sends its request. */
  heldPasses: Array<() => void>;
  passesInFlight: () => number;
}

function openWindow(provider: RunningProvider, gate: TcpGate): WindowUnderTest {
  let latest: AnyMachineSnapshot | undefined;
  let passOutcomes = 0;
  let passesInFlight = 0;
  const heldPasses: Array<() => void> = [];
  const events: LiveEvent[] = [];
  const { definition } = provider;
  const heldDefinition: ProviderDefinition<unknown> = {
    ...definition,
    transcribeFile: async (request) => {
      passesInFlight++;
      try {
        // A pass the stream was closed under goes on at once, to end as cancelled and remove its file.
        await new Promise<void>((resolve) => {
          if (request.signal.aborted) return resolve();
          heldPasses.push(resolve);
          request.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        return await definition.transcribeFile(request);
      } finally {
        passesInFlight--;
      }
    },
  };
  const stream = openBatchWindowStream({
    definition: heldDefinition,
    config: provider.config,
    languageHints: ['en'],
    resolveBaseUrl: () => Promise.resolve(gate.baseUrl),
    onEvent: (event) => events.push(event),
    inspect: (event) => {
      if (event.actorRef.sessionId !== event.rootId) return;
      if (event.type === '@xstate.snapshot') latest = event.snapshot as AnyMachineSnapshot;
      if (event.type === '@xstate.event' && passOutcomeEvents.has(event.event.type)) passOutcomes++;
    },
  });
  return {
    stream,
    events,
    snapshot: () => latest,
    passOutcomes: () => passOutcomes,
    heldPasses,
    passesInFlight: () => passesInFlight,
  };
}

const passOutcomeEvents = new Set(['PASS_DONE', 'PASS_FAILED', 'ENDPOINT_UNREACHABLE']);

/** Whether audio came before step `index`: a window without any has nothing to send. */
function audioBefore(path: BatchWindowPath, index: number): boolean {
  return path.steps.slice(0, index).some((step) => step.event.type === 'AUDIO');
}

/** Whether step `index` is the outcome of a pass (the window was open), rather than of opening it. */
function passFailure(path: BatchWindowPath, index: number): boolean {
  const { type } = path.steps[index]?.event ?? { type: '' };
  return (
    type === 'PASS_FAILED' ||
    (type === 'ENDPOINT_UNREACHABLE' && path.steps[index - 1]?.state.value !== 'closed')
  );
}

/**
 * Why the real actor cannot take a path, if it cannot: a final pass over a window no audio reached
 * sends nothing and reports done at once, so it never fails.
 */
function impossibleStep(path: BatchWindowPath): string | undefined {
  const index = path.steps.findIndex((_, at) => passFailure(path, at) && !audioBefore(path, at));
  return index === -1
    ? undefined
    : `step ${index} fails a pass over a window without audio, which sends nothing and cannot fail`;
}

function vendorError(message: string, type: string) {
  return { error: { message, type, param: null, code: null } };
}

type PassOutcome = Extract<BatchWindowEvent, { type: 'PASS_DONE' | 'PASS_FAILED' | 'ENDPOINT_UNREACHABLE' }>;

async function answerPass(
  window: WindowUnderTest,
  fake: ProviderFake,
  gate: TcpGate,
  outcome: PassOutcome,
): Promise<void> {
  const answered = window.passOutcomes();
  await until(() => window.heldPasses.length > 0, 'the pass to reach the vendor');
  const send = window.heldPasses.shift();
  if (outcome.type === 'PASS_DONE') {
    // The vendor takes the pass's duration to answer.
    vi.advanceTimersByTime(outcome.durationMs);
    send?.();
  } else if (outcome.type === 'PASS_FAILED' && outcome.permanent) {
    fake.failNext(401, { body: vendorError(outcome.message, 'invalid_request_error') });
    send?.();
  } else {
    // Every attempt fails, the first and each the client makes after waiting as told: refused by the
    // vendor (503), or not answered at all once the vendor's address is shut.
    const refuse = () => {
      if (outcome.type === 'PASS_FAILED') {
        fake.failNext(503, {
          body: vendorError(outcome.message, 'server_error'),
          headers: { 'retry-after': String(retryAfterSeconds) },
        });
      }
    };
    if (outcome.type === 'ENDPOINT_UNREACHABLE') await gate.shut();
    const waitsBefore = retryWaits.started;
    refuse();
    send?.();
    for (let waits = 0; ; waits++) {
      await until(
        () => window.passOutcomes() > answered || retryWaits.started > waitsBefore + waits,
        'the client to give up or wait to retry',
      );
      if (window.passOutcomes() > answered) break;
      refuse();
      vi.advanceTimersByTime(retryWaits.lastMs);
    }
  }
  await until(() => window.passOutcomes() > answered, 'the pass outcome to reach the machine');
}

/**
 * Where the window is, as the catalog tells its states apart. A path's snapshots are shared by every
 * path through the same state, so context the catalog does not compare (the exact audio total, the
 * last error) may come from another path and is not compared either.
 */
function modelState(snapshot: AnyMachineSnapshot | undefined): string {
  const serializeState = entry.traversal?.serializeState;
  if (serializeState === undefined)
    throw new Error('the batchWindow catalog entry must say how states differ');
  return snapshot === undefined ? 'no snapshot' : serializeState(snapshot, undefined);
}

/** What the service sees of the window: `ready` once open, and the one event that ends it. */
function expectServiceView(window: WindowUnderTest, path: BatchWindowPath, index: number, where: string) {
  const step = path.steps[index];
  const value = step?.state.value;
  const ready = window.events.some((event) => event.type === 'ready');
  const opened = path.steps.slice(0, index + 1).some(({ event }) => event.type === 'OPEN');
  expect(ready, `ready, at ${where}`).toBe(opened);
  const ending = window.events.filter((event) => event.type === 'finished' || event.type === 'error');
  if (value === 'finished') expect(ending, where).toEqual([{ type: 'finished' }]);
  else if (value === 'unreachable') {
    // After Stop, a pass that failed leaves audio untranscribed, and the message says how much.
    const afterStop = path.steps.slice(0, index).some(({ event }) => event.type === 'STOP');
    expect(ending, where).toMatchObject([
      {
        type: 'error',
        code: 'unreachable',
        permanent: false,
        message: expect.stringMatching(
          afterStop
            ? /^Cannot reach .* \(connection refused\)\. The last \d+ s of audio were not transcribed\.$/
            : /^Cannot reach .* \(connection refused\)\.$/,
        ) as unknown,
      },
    ]);
  } else if (value === 'failed' || value === 'unfinished') {
    const permanent = value === 'failed';
    expect(ending, where).toMatchObject([
      { type: 'error', code: permanent ? 'unauthorized' : 'upstream_error', permanent },
    ]);
    // Only a failed pass ends the window failed or unfinished, with the vendor's refusal in the message.
    const refusal = step?.event.type === 'PASS_FAILED' ? step.event.message : undefined;
    expect(ending[0]?.type === 'error' ? ending[0].message : undefined, where).toContain(refusal);
  } else expect(ending, where).toEqual([]);
}

function expectStep(window: WindowUnderTest, path: BatchWindowPath, index: number): void {
  const step = path.steps[index];
  const where = `step ${index} (${step?.event.type}) of ${describePath(path)}`;
  expect(modelState(window.snapshot()), where).toBe(modelState(step?.state as AnyMachineSnapshot));
  expectServiceView(window, path, index, where);
}

async function replayOnActor(path: BatchWindowPath): Promise<void> {
  const opening = path.steps.find((step) => step.event.type === 'OPEN')?.event;
  const mode: BatchWindowMode = opening?.type === 'OPEN' ? opening.mode : 'interval';
  const provider = running.get(mode);
  if (provider === undefined) throw new Error(`no fake started for ${mode} mode`);
  // Real setImmediate and hrtime: the loopback HTTP to the fake runs between steps in real time.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
  });
  const gate = await openTcpGate(Number(new URL(provider.fake.baseUrl).port));
  // A window whose address does not answer from the start never opens.
  if (path.steps[1]?.event.type === 'ENDPOINT_UNREACHABLE') await gate.shut();
  const window = openWindow(provider, gate);
  try {
    for (const [index, step] of path.steps.entries()) {
      // Audio, answers and stops reach the actor on turns of their own, as in the service; the first
      // step is the stream as opened, before the provider's address is resolved.
      if (index > 0) await nextTurn();
      const before = path.steps[index - 1];
      // Paths also hold xstate's own init and delayed events, which the machine's event type leaves out.
      const type: string = step.event.type;
      const delay = delays.get(type);
      if (delay !== undefined) {
        const ms = delayMs(model, delay, before && { context: before.state.context, event: before.event });
        if (ms === undefined) throw new Error(`${type} has no fixed length to wait`);
        vi.advanceTimersByTime(ms - 1);
        expect(window.snapshot()?.value, `${type} fired early in ${describePath(path)}`).toEqual(
          before?.state.value,
        );
        vi.advanceTimersByTime(1);
      } else if (type !== 'xstate.init') {
        const event = step.event;
        switch (event.type) {
          case 'OPEN':
            await until(
              () => window.events.some((sent) => sent.type === 'ready' || sent.type === 'error'),
              'the window to open',
            );
            break;
          case 'AUDIO':
            window.stream.sendAudio(speechFrame(event.durationMs));
            break;
          case 'STOP':
            void window.stream.finish(finishTimeoutMs);
            break;
          case 'ENDPOINT_UNREACHABLE':
            if (!passFailure(path, index)) {
              await until(() => window.events.some((sent) => sent.type === 'error'), 'the window to give up');
              break;
            }
            await answerPass(window, provider.fake, gate, event);
            break;
          case 'PASS_DONE':
          case 'PASS_FAILED':
            if (audioBefore(path, index)) await answerPass(window, provider.fake, gate, event);
            else {
              // Nothing to send: the actor reported the pass done by itself, without the vendor.
              expect(event.type).toBe('PASS_DONE');
              expect(window.heldPasses).toEqual([]);
              await until(() => window.passOutcomes() === 1, 'the empty pass to report');
            }
            break;
        }
      }
      expectStep(window, path, index);
    }
  } finally {
    // What is already under way (an empty final pass reporting) settles before the caller drops the stream.
    await nextTurn();
    window.stream.close();
    await until(() => window.passesInFlight() === 0, 'the held passes to end with the stream');
    await gate.shut();
  }
}

/**
 * A path through `events` from the machine's start, as the generated ones are shaped: for what the
 * generated paths never reach.
 */
function pathThrough(
  events: ReadonlyArray<BatchWindowEvent | { type: `xstate.after.${string}` }>,
): BatchWindowPath {
  let state: AnyMachineSnapshot = getInitialSnapshot(model);
  const steps: Array<{ event: EventObject; state: AnyMachineSnapshot }> = [
    { event: { type: 'xstate.init' }, state },
  ];
  for (const event of events) {
    state = getNextSnapshot(model, state, event);
    steps.push({ event, state });
  }
  return { state, steps, weight: steps.length } as unknown as BatchWindowPath;
}

// The catalog does not tell states apart by the last pass's duration, so no generated path waits in
// `listening` after a pass: these do, in each mode, and the wait after a pass is 1500 ms less its duration.
const untilNextPass = 'xstate.after.untilNextPass.batchWindow.listening' as const;
const settled = 'xstate.after.debounce.batchWindow.settling' as const;
const afterAPass = {
  interval: pathThrough([
    { type: 'OPEN', mode: 'interval' },
    { type: 'AUDIO', durationMs: 100 },
    { type: untilNextPass },
    { type: 'AUDIO', durationMs: 100 },
    { type: 'PASS_DONE', durationMs: 400 },
    { type: untilNextPass },
    { type: 'PASS_DONE', durationMs: 400 },
    { type: 'STOP' },
    { type: 'PASS_DONE', durationMs: 400 },
  ]),
  debounce: pathThrough([
    { type: 'OPEN', mode: 'debounce' },
    { type: 'AUDIO', durationMs: 100 },
    { type: settled },
    { type: 'PASS_DONE', durationMs: 400 },
    { type: untilNextPass },
    { type: untilNextPass },
    { type: 'STOP' },
    { type: 'PASS_DONE', durationMs: 400 },
  ]),
};

/** The path as the actor takes it: up to the empty pass, which then reports done rather than failing. */
function doneInstead(path: BatchWindowPath): BatchWindowPath {
  const failing = path.steps.findIndex((_, at) => passFailure(path, at) && !audioBefore(path, at));
  const before = path.steps.slice(1, failing).map((step) => step.event);
  return pathThrough([...before, { type: 'PASS_DONE', durationMs: 400 }]);
}

const possible = allPaths(paths).filter((path) => impossibleStep(path) === undefined);
const impossible = allPaths(paths).filter((path) => impossibleStep(path) !== undefined);

describe('batchWindow paths on the real window stream', () => {
  it.each(possible.map((path) => [describePath(path), path] as const))('%s', (_, path) =>
    replayOnActor(path),
  );
  it.each(impossible.map((path) => [describePath(path), impossibleStep(path), doneInstead(path)] as const))(
    '%s: cannot happen (%s); the pass reports done instead',
    (_, __, instead) => replayOnActor(instead),
  );

  it.each(Object.entries(afterAPass))(
    '%s mode: the wait after a pass is shortened by its duration',
    (_, path) => replayOnActor(path),
  );

  it('the paths the actor can take still cover every state and transition of the machine', () => {
    const coverage = computeCoverage(model, possible);
    expect(coverage.states.uncovered).toEqual([]);
    expect(coverage.transitions.uncovered).toEqual([]);
  });
});
