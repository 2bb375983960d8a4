import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, InspectionEvent, StateValue } from 'xstate';
import {
  WhisperRuntime,
  type WhisperRuntimeLease,
  type WhisperRuntimeStatus,
} from '../../actors/whisperRuntime/whisperRuntime.ts';
import { delayedEvents, delayMs } from '../../machines/analysis/delays.ts';
import {
  allPaths,
  describePath,
  type MachinePaths,
  type ModelPath,
} from '../../machines/analysis/modelPaths.ts';
import { analyzeEntry, catalogEntry } from '../../machines/catalog.ts';
import {
  topLevelState,
  type WhisperRuntimeContext,
  type whisperRuntimeMachine,
  type WhisperRuntimeState,
} from '../../machines/whisperRuntime.ts';
import { ProviderError } from '../../providers/http/providerError.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { isProcessAlive } from '../../actors/runtimeSetup/runtimeRecord.ts';

/**
 * The whisperRuntime paths generated from the machine, replayed on the real supervisor
 * (`WhisperRuntime`) with real child processes: each machine event is caused the way it happens in
 * the service. The binary and model being there or not is PREPARED/UNPREPARED; a job acquiring the
 * runtime is START; `/health` answering 200 is READY; the process exiting (a crash, or the
 * supervisor's own SIGTERM/SIGKILL) is EXITED; the job letting go (releasing its lease, or giving up
 * a start it waits for) is STOP; and the machine's own delays pass on a fake clock, by exactly their
 * length. After every step, the transition the actor took (seen through xstate's inspection) must
 * be the path's, into the path's state and context, and the status the service shows must agree.
 */
type RuntimePath = ModelPath<typeof whisperRuntimeMachine>;

const entry = catalogEntry('whisperRuntime');
// The registry erases each machine's own types; these paths are the whisper runtime's.
const paths = analyzeEntry(entry).paths as unknown as MachinePaths<typeof whisperRuntimeMachine>;
const delayOfEvent = delayedEvents(entry.machine);
const killGraceEvent = 'xstate.after.killGrace.whisperRuntime.stopping.terminating';
/** How long any real-world effect (a spawn, an exit, a /health answer) may take before the step fails. */
const effectDeadlineMs = 5_000;

let directory: ReturnType<typeof temporaryDirectory>;
let binaryPath: string;
let modelPath: string;
let sigtermModePath: string;
beforeAll(() => {
  directory = temporaryDirectory('whisper-runtime-model');
  binaryPath = join(directory.path, 'whisper-server');
  modelPath = join(directory.path, 'ggml-model-based.bin');
  sigtermModePath = join(directory.path, 'on-sigterm');
  writeFileSync(binaryPath, fakeServerScript(sigtermModePath));
  chmodSync(binaryPath, 0o755);
});
afterAll(() => directory.remove());

/**
 * The stand-in whisper-server: a shell script, because the paths spawn it about 480 times and a
 * Node process takes ~100 ms to start. It becomes `sleep`, so signals meet no shell traps (a trap
 * can miss a signal that arrives just before the shell waits): SIGTERM ends it, unless the spawn was
 * told to ignore SIGTERM (then only the supervisor's SIGKILL does), and the test crashes it with
 * SIGKILL as the OOM killer would. Its `/health` is answered by the test on the port the
 * supervisor gave it, once the test lets it be ready. It says which PID it is once it has read
 * how to take SIGTERM, so the test never acts on it before it can react as told.
 */
function fakeServerScript(sigtermMode: string): string {
  return `#!/bin/sh
read -r on_sigterm < '${sigtermMode}'
if [ "$on_sigterm" = ignore ]; then trap '' TERM; fi
echo "${helloLine('$$')}"
exec sleep 600
`;
}

function helloLine(pid: number | string): string {
  return `fake whisper-server ${pid} loading model`;
}

/** One transition the actor took: the event and the snapshot it led to. */
interface Transition {
  eventType: string;
  value: StateValue;
  context: WhisperRuntimeContext;
  /** What the service showed right then; undefined while the supervisor was still being constructed. */
  status: WhisperRuntimeStatus | undefined;
}

/**
 * The one user a path needs, acting as a job does: it acquires the runtime (and may give up waiting),
 * holds the lease while the runtime runs, and releases it when done or when the runtime has failed.
 */
class RuntimeUser {
  private readonly runtime: WhisperRuntime;
  private request:
    { giveUp: AbortController; outcome: Promise<WhisperRuntimeLease | ProviderError> } | undefined;
  private lease: WhisperRuntimeLease | undefined;
  private readonly releases: Promise<void>[] = [];

  constructor(runtime: WhisperRuntime) {
    this.runtime = runtime;
  }

  acquire(): void {
    const giveUp = new AbortController();
    const outcome = this.runtime.acquire(giveUp.signal).then(
      (lease) => lease,
      (error: unknown) => {
        if (error instanceof ProviderError) return error;
        throw error;
      },
    );
    this.request = { giveUp, outcome };
  }

  /** The last user leaves: gives up the start it waits for, or releases the lease it holds. */
  leave(): void {
    if (this.request !== undefined) {
      this.request.giveUp.abort();
    } else if (this.lease !== undefined) {
      this.releases.push(this.lease.release());
      this.lease = undefined;
    } else {
      throw new Error('STOP: nobody uses the runtime, so nobody can leave it');
    }
  }

  /** What a user does once the runtime has settled into `state`. */
  async settle(state: WhisperRuntimeState, status: WhisperRuntimeStatus | undefined): Promise<void> {
    const request = this.request;
    if (state === 'running' && request !== undefined) {
      this.request = undefined;
      const outcome = await withinDeadline(request.outcome, 'the lease of a started runtime');
      if (outcome instanceof ProviderError) throw outcome;
      expect(outcome.baseUrl).toBe(status?.baseUrl);
      this.lease = outcome;
    }
    if (state === 'failed' || state === 'stopped') {
      this.request = undefined;
      if (request !== undefined) {
        const outcome = await withinDeadline(request.outcome, 'the refusal of a start that ended');
        expect(outcome).toBeInstanceOf(ProviderError);
      }
      // A job whose runtime failed under it lets go of its lease.
      if (this.lease !== undefined) this.leave();
      await withinDeadline(Promise.all(this.releases.splice(0)), 'released leases');
    }
  }

  /** Lets go of the runtime, whatever the path left it doing; resolves once both are done. */
  finish(): Promise<unknown> {
    this.request?.giveUp.abort();
    if (this.lease !== undefined) this.leave();
    return Promise.all([this.request?.outcome, ...this.releases.splice(0)]);
  }
}

/** The fake's `/health`, on the port the supervisor gave it. */
async function answerHealth(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url === '/health') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}

async function closeServer(server: Server | undefined): Promise<void> {
  if (server === undefined) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

async function withinDeadline<T>(promise: Promise<T>, what: string): Promise<T> {
  const deadline = new AbortController();
  const expired = sleep(effectDeadlineMs, undefined, { signal: deadline.signal }).then(
    () => Promise.reject(new Error(`waited ${effectDeadlineMs} ms for ${what}`)),
    // Cancelled: the awaited promise settled first.
    () => new Promise<never>(() => {}),
  );
  try {
    return await Promise.race([promise, expired]);
  } finally {
    deadline.abort();
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + effectDeadlineMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`waited ${effectDeadlineMs} ms for ${what}`);
    await sleep(1);
  }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/**
 * The supervisor's constructor sends the first PREPARED, finding the binary and the model; any later
 * one comes from a job's `acquire` finding them back, which sends START in the same call.
 */
function isLaterPrepared(path: RuntimePath, index: number): boolean {
  return index > 1 && path.steps[index]?.event.type === 'PREPARED';
}

/**
 * After a later PREPARED the actor passes through `prepared` but never rests there (START follows
 * in the same call), so an UNPREPARED cannot follow it. The index of that UNPREPARED, if any.
 */
function unreachableStep(path: RuntimePath): number | undefined {
  const index = path.steps.findIndex(
    (step, at) => step.event.type === 'UNPREPARED' && isLaterPrepared(path, at - 1),
  );
  return index === -1 ? undefined : index;
}

/**
 * Whether the process spawned on entering `starting` at `index` must ignore SIGTERM: when the path,
 * before that process exits, waits out the kill grace (only a process that ignores SIGTERM makes
 * the supervisor send SIGKILL).
 */
function ignoresSigterm(path: RuntimePath, index: number): boolean {
  for (const step of path.steps.slice(index + 1)) {
    // Delayed events are in paths too, though the machine's event type leaves them out.
    const type: string = step.event.type;
    if (type === killGraceEvent) return true;
    if (type === 'EXITED') return false;
  }
  return false;
}

function expectStatusAgrees(transition: Transition, status: WhisperRuntimeStatus, where: string): void {
  const { crashCount, failure } = transition.context;
  const state = topLevelState(transition.value);
  expect(status, where).toMatchObject({ state, crashCount });
  if (state === 'running') {
    expect(status.pid, where).not.toBeNull();
    expect(status.baseUrl, where).toBe(`http://127.0.0.1:${status.port}`);
  }
  if (state === 'restarting' || state === 'stopped' || state === 'failed') {
    expect(status, `${where}: no process may be left`).toMatchObject({ pid: null, baseUrl: null });
  }
  if (state === 'failed') {
    const headline = {
      'readiness-timeout': 'did not answer GET /health within 20 s',
      'exited-before-ready': 'exited before it was ready',
      'crash-loop': 'crashed 3 times within 60 s',
    }[failure ?? 'exited-before-ready'];
    expect(status.failure, where).toContain(headline);
  }
}

async function replayOnActor(path: RuntimePath): Promise<void> {
  // The machine's delays run on setTimeout; the probe's interval (node:timers/promises), the child
  // processes and the sockets stay real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  writeFileSync(modelPath, 'lmgg');
  writeFileSync(sigtermModePath, 'graceful\n');
  const where = describePath(path);
  const transitions: Transition[] = [];
  let taken = 0;
  let lastSnapshot: AnyMachineSnapshot | undefined;
  // Transitions during construction come before there is a supervisor to ask for its status.
  const constructed: { runtime?: WhisperRuntime } = {};
  const observe = (event: InspectionEvent) => {
    if (event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId) return;
    const snapshot = event.snapshot as AnyMachineSnapshot;
    // An event the machine ignores leaves the very same snapshot (a release in `failed` sends STOP).
    if (snapshot === lastSnapshot) return;
    lastSnapshot = snapshot;
    transitions.push({
      eventType: event.event.type,
      value: snapshot.value as StateValue,
      context: snapshot.context as WhisperRuntimeContext,
      status: constructed.runtime?.status(),
    });
  };
  const runtime = new WhisperRuntime({
    binaryPath,
    // The fake is this test's own; which binaries may run is actors/runtimeSetup/binaryTrust.test.ts's subject.
    checkBinary: () => Promise.resolve(undefined),
    modelPath,
    port: 0,
    threads: 1,
    probeIntervalMs: 5,
    inspect: observe,
  });
  constructed.runtime = runtime;
  const user = new RuntimeUser(runtime);
  const spawnedPids: number[] = [];
  let health: Server | undefined;

  const nextTransition = async (index: number): Promise<Transition> => {
    await until(
      () => transitions.length > taken,
      `step ${index} (${path.steps[index]?.event.type}) of ${where}`,
    );
    const transition = transitions[taken++];
    if (transition === undefined) throw new Error('unreachable: waited for a transition');
    return transition;
  };
  const currentPid = (): number => {
    const pid = runtime.status().pid;
    if (pid === null) throw new Error(`no live whisper-server to act on in ${where}`);
    return pid;
  };
  const currentPort = (): number => {
    const { port } = runtime.status();
    if (port === null) throw new Error(`no live whisper-server to answer for in ${where}`);
    return port;
  };
  const spawnNext = (index: number) =>
    writeFileSync(sigtermModePath, ignoresSigterm(path, index) ? 'ignore\n' : 'graceful\n');

  const cause = async (index: number): Promise<void> => {
    const step = path.steps[index];
    const before = path.steps[index - 1];
    if (step === undefined) return;
    // Paths also hold xstate's own init and delayed events, which the machine's event type leaves out.
    const type: string = step.event.type;
    const delay = delayOfEvent.get(type);
    if (delay !== undefined) {
      const ms = delayMs(entry.machine, delay);
      if (ms === undefined) throw new Error(`${type}: the whisper runtime's delays are all numbers`);
      if (step.state.value === 'starting') spawnNext(index);
      vi.advanceTimersByTime(ms - 1);
      expect(transitions.length, `step ${index} (${type}) fired before ${ms} ms in ${where}`).toBe(taken);
      vi.advanceTimersByTime(1);
      return;
    }
    switch (step.event.type) {
      case 'PREPARED':
        if (isLaterPrepared(path, index)) {
          writeFileSync(modelPath, 'lmgg');
          spawnNext(index + 1);
          user.acquire();
        }
        return;
      case 'START':
        // After a later PREPARED, the same acquire has sent START already.
        if (isLaterPrepared(path, index - 1)) return;
        spawnNext(index);
        user.acquire();
        return;
      case 'UNPREPARED': {
        rmSync(modelPath);
        const refusal = await withinDeadline(
          runtime.acquire().then(
            () => undefined,
            (error: unknown) => error,
          ),
          'the refusal to start without a model',
        );
        expect(refusal, where).toBeInstanceOf(ProviderError);
        expect((refusal as ProviderError).kind, where).toBe('configuration');
        return;
      }
      case 'READY':
        health = await answerHealth(currentPort());
        return;
      case 'EXITED':
        // Out of `stopping`, the supervisor's own SIGTERM or SIGKILL ends the process.
        if (before?.state.value === 'starting' || before?.state.value === 'running') {
          process.kill(currentPid(), 'SIGKILL');
        }
        return;
      case 'STOP':
        user.leave();
        return;
    }
  };

  const afterwards = async (transition: Transition, index: number): Promise<void> => {
    const state = topLevelState(transition.value);
    if (transition.eventType === 'EXITED') {
      await closeServer(health);
      health = undefined;
    }
    if (state === 'starting') {
      // The next step may signal the process: wait until it is there and knows how to take SIGTERM.
      await until(() => {
        const { pid, output } = runtime.status();
        return transitions.length > taken || (pid !== null && output.includes(helloLine(pid)));
      }, `the whisper-server spawned at step ${index} of ${where}`);
      const { pid } = runtime.status();
      if (pid !== null) spawnedPids.push(pid);
    }
    await user.settle(state, transition.status);
  };

  const replaySteps = async (): Promise<void> => {
    const stopAt = unreachableStep(path);
    for (const [index, step] of path.steps.entries()) {
      if (index === stopAt) {
        // Why this step cannot happen on the supervisor: it has gone on to start from `prepared`.
        const started = await nextTransition(index);
        expect({ event: started.eventType, state: started.value }, where).toEqual({
          event: 'START',
          state: 'starting',
        });
        await afterwards(started, index);
        return;
      }
      await cause(index);
      const transition = await nextTransition(index);
      const label = `step ${index} (${step.event.type}) of ${where}`;
      expect(
        {
          event: transition.eventType,
          state: transition.value,
          context: transition.context,
        },
        label,
      ).toEqual({ event: step.event.type, state: step.state.value, context: step.state.context });
      if (transition.status !== undefined) expectStatusAgrees(transition, transition.status, label);
      await afterwards(transition, index);
    }
  };

  try {
    await replaySteps();
    await withinDeadline(Promise.all([user.finish(), runtime.stop()]), `the runtime to stop after ${where}`);
    for (const pid of spawnedPids) {
      expect(isProcessAlive(pid), `whisper-server ${pid} outlived ${where}`).toBe(false);
    }
  } catch (error) {
    // Only the current child can still live (the supervisor spawns after the last one exited).
    const { pid } = runtime.status();
    if (pid !== null) killGroup(pid);
    throw error;
  } finally {
    await closeServer(health);
    vi.useRealTimers();
  }
}

describe('whisperRuntime paths on the real supervisor', () => {
  it.each(
    allPaths(paths).map((path) => {
      const stopAt = unreachableStep(path);
      const title =
        stopAt === undefined
          ? describePath(path)
          : `${describePath(path)} (replayed to step ${stopAt}: a later PREPARED comes with START, so UNPREPARED cannot follow)`;
      return [title, path] as const;
    }),
  )('%s', (_, path) => replayOnActor(path));
});
