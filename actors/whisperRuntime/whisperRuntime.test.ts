import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../providers/http/providerError.ts';
import {
  type FakeServerBehaviour,
  fakeServerSpawns,
  handedOffHelperPid,
  writeFakeServerBinary,
} from '../../test/fakes/whisper-cpp/fakeServerBinary.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { WhisperRuntime, type WhisperRuntimeOptions, type WhisperRuntimeStatus } from './whisperRuntime.ts';
import { isProcessAlive } from '../runtimeSetup/runtimeRecord.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let modelPath: string;
const runtimes: WhisperRuntime[] = [];

beforeAll(() => {
  directory = temporaryDirectory('whisper-runtime');
  modelPath = join(directory.path, 'ggml-test.bin');
  writeFileSync(modelPath, 'lmgg');
});
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.stop()));
});
afterAll(() => directory.remove());

/** A runtime around a fake binary, on a port nobody else in these tests asks for. */
function runtimeWith(behaviour: FakeServerBehaviour, options: Partial<WhisperRuntimeOptions> = {}) {
  const runtime = new WhisperRuntime({
    binaryPath: writeFakeServerBinary(directory.path, behaviour),
    checkBinary: () => Promise.resolve(undefined),
    modelPath,
    port: 0,
    probeIntervalMs: 20,
    ...options,
    delays: { readinessTimeout: 5_000, ...options.delays },
  });
  runtimes.push(runtime);
  return runtime;
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ProviderError);
  return failure as ProviderError;
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('whisper runtime supervisor: start', () => {
  it('spawns whisper-server with only its known flags and is running once /health answers', async () => {
    const runtime = runtimeWith('ready', { threads: 3 });
    expect(runtime.status().state).toBe('prepared');
    const { baseUrl } = await runtime.ensureRunning();
    const status = runtime.status();
    expect(status.state).toBe('running');
    expect(baseUrl).toBe(`http://127.0.0.1:${status.port}`);
    expect(await (await fetch(`${baseUrl}/health`)).json()).toEqual({ status: 'ok' });
    expect(fakeServerSpawns(directory.path, 'ready').at(-1)).toEqual([
      '-m',
      modelPath,
      '--host',
      '127.0.0.1',
      '--port',
      String(status.port),
      '-t',
      '3',
    ]);
    expect(status.output).toContain('whisper_init_from_file_with_params_no_state: loading model');
  });

  it('lets concurrent callers share one start', async () => {
    const runtime = runtimeWith('ready');
    const before = fakeServerSpawns(directory.path, 'ready').length;
    const addresses = await Promise.all([
      runtime.ensureRunning(),
      runtime.ensureRunning(),
      runtime.ensureRunning(),
    ]);
    expect(new Set(addresses.map((address) => address.baseUrl)).size).toBe(1);
    expect(fakeServerSpawns(directory.path, 'ready').length).toBe(before + 1);
  });

  it('uses the configured port when it is free', async () => {
    const free = await listenOnAnyPort();
    const port = portOf(free);
    await new Promise((resolve) => free.close(resolve));
    const runtime = runtimeWith('ready', { port });
    expect((await runtime.ensureRunning()).baseUrl).toBe(`http://127.0.0.1:${port}`);
  });

  it('takes another free port when the configured one is busy (whisper-server would share it)', async () => {
    const occupant = await listenOnAnyPort();
    try {
      const runtime = runtimeWith('ready', { port: portOf(occupant) });
      const { baseUrl } = await runtime.ensureRunning();
      const { port } = runtime.status();
      expect(port).not.toBeNull();
      expect(port).not.toBe(portOf(occupant));
      expect(baseUrl).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await new Promise((resolve) => occupant.close(resolve));
    }
  });

  it('refuses to run a binary its check refuses, spawning nothing and saying why', async () => {
    const before = fakeServerSpawns(directory.path, 'ready').length;
    const runtime = runtimeWith('ready', {
      checkBinary: () => Promise.resolve('whisper-server at /x changed since Earshot built/imported it'),
    });
    const failure = await failureOf(runtime.ensureRunning());
    expect(failure.kind).toBe('configuration');
    expect(failure.message).toBe('whisper-server at /x changed since Earshot built/imported it');
    expect(runtime.status()).toMatchObject({ state: 'unprepared', pid: null });
    expect(fakeServerSpawns(directory.path, 'ready').length).toBe(before);
  });

  it('checks the binary once per start, shared by callers starting it together, not per request', async () => {
    const checked: string[] = [];
    const runtime = runtimeWith('ready', {
      checkBinary: (path) => {
        checked.push(path);
        return Promise.resolve(undefined);
      },
    });
    await Promise.all([runtime.ensureRunning(), runtime.ensureRunning(), runtime.acquire()]);
    await runtime.ensureRunning();
    expect(checked).toHaveLength(1);
    await runtime.stop();
    await runtime.ensureRunning();
    expect(checked).toHaveLength(2);
  });

  it('refuses to start while the binary or model is missing, naming both and how to get them', async () => {
    const runtime = runtimeWith('ready', {
      binaryPath: join(directory.path, 'no-such-binary'),
      modelPath: join(directory.path, 'no-such-model.bin'),
    });
    expect(runtime.status().state).toBe('unprepared');
    const failure = await failureOf(runtime.ensureRunning());
    expect(failure.kind).toBe('configuration');
    expect(failure.message).toContain('no-such-binary');
    expect(failure.message).toContain('no-such-model.bin');
    expect(failure.message).toContain('earshot runtime download-model');
    expect(runtime.status().state).toBe('unprepared');
  });
});

describe('whisper runtime supervisor: failures before ready', () => {
  it('gives up after the readiness timeout, terminates the process and reports failed', async () => {
    const runtime = runtimeWith('never-ready', { delays: { readinessTimeout: 400 } });
    const started = Date.now();
    const failure = await failureOf(runtime.ensureRunning());
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(failure.kind).toBe('permanent');
    expect(failure.message).toMatch(/did not answer GET \/health within 0\.4 s, so it was stopped/);
    expect(failure.message).toContain('still loading');
    const status = runtime.status();
    expect(status.state).toBe('failed');
    expect(status.pid).toBeNull();
    expect(status.failure).toBe(failure.message);
  });

  it('fails when the process exits before it is ready, with the last 20 lines of its output', async () => {
    const runtime = runtimeWith('exits-early');
    const failure = await failureOf(runtime.ensureRunning());
    expect(failure.message).toMatch(/^whisper-server exited before it was ready \(exit code 3\)/);
    expect(failure.message).toContain('error line 25');
    expect(failure.message).toContain('error line 6');
    expect(failure.message).not.toContain('error line 5\n');
    expect(runtime.status().output).toHaveLength(20);
  });

  it('counts exit code 0 before ready as a failure too (how whisper-server treats an unknown flag)', async () => {
    const runtime = runtimeWith('prints-usage');
    const failure = await failureOf(runtime.ensureRunning());
    expect(failure.message).toMatch(/exited before it was ready \(exit code 0\)/);
    expect(failure.message).toContain('unknown argument');
  });

  it('does not take a /health answer from a process that is not its live child', async () => {
    // The fake exits at once, leaving a helper that answers /health on the port and holds the
    // output pipes (so the exit is reported only after the 500 ms drain): a probe that did not
    // check for its own live child would see 200 in that gap and call the runtime ready.
    const runtime = runtimeWith('hands-off-port');
    try {
      const failure = await failureOf(runtime.ensureRunning());
      expect(failure.message).toMatch(/exited before it was ready \(exit code 0\)/);
      const port = fakeServerSpawns(directory.path, 'hands-off-port').at(-1)?.[5];
      const answer = await fetch(`http://127.0.0.1:${port}/health`);
      expect(answer.status).toBe(200);
      expect(runtime.status().state).toBe('failed');
    } finally {
      process.kill(handedOffHelperPid(directory.path), 'SIGKILL');
    }
  });

  it('reports a binary that cannot be executed as an exit before ready', async () => {
    const notExecutable = join(directory.path, 'not-a-program');
    writeFileSync(notExecutable, 'plain text', { mode: 0o755 });
    const runtime = runtimeWith('ready', { binaryPath: notExecutable });
    const failure = await failureOf(runtime.ensureRunning());
    expect(failure.message).toMatch(/exited before it was ready \((spawn .*ENOEXEC|exit code \d+)/);
  });
});

describe('whisper runtime supervisor: crashes', () => {
  const fastRestarts = { firstRestartBackoff: 50, laterRestartBackoff: 100 };

  it('restarts after a crash on the same port and runs again', async () => {
    const runtime = runtimeWith('crashes-once', { delays: fastRestarts });
    const { baseUrl } = await runtime.ensureRunning();
    const firstPid = runtime.status().pid;
    const states: string[] = [];
    runtime.subscribe((status) => states.push(status.state));
    await until(() => runtime.status().state === 'running' && runtime.status().pid !== firstPid, 'a restart');
    expect(states).toEqual(expect.arrayContaining(['restarting', 'starting', 'running']));
    expect(runtime.status().crashCount).toBe(1);
    expect(runtime.status().baseUrl).toBe(baseUrl);
    expect(isProcessAlive(firstPid as number)).toBe(false);
  });

  it('stops restarting after three crashes and reports the crash loop', async () => {
    const runtime = runtimeWith('crashes-after-ready', { delays: fastRestarts });
    const before = fakeServerSpawns(directory.path, 'crashes-after-ready').length;
    await runtime.ensureRunning();
    await until(() => runtime.status().state === 'failed', 'the crash-loop cutoff');
    const status = runtime.status();
    expect(status.crashCount).toBe(3);
    expect(status.failure).toMatch(
      /crashed 3 times within 60 s \(last: exit code 134\); it is not restarted again/,
    );
    expect(status.failure).toContain('GGML_ASSERT failed: simulated crash');
    expect(fakeServerSpawns(directory.path, 'crashes-after-ready').length).toBe(before + 3);
    await sleep(300);
    expect(fakeServerSpawns(directory.path, 'crashes-after-ready').length).toBe(before + 3);
  });

  it('starts afresh when asked again after a failure', async () => {
    const runtime = runtimeWith('exits-early');
    await failureOf(runtime.ensureRunning());
    const spawns = fakeServerSpawns(directory.path, 'exits-early').length;
    await failureOf(runtime.ensureRunning());
    expect(fakeServerSpawns(directory.path, 'exits-early').length).toBe(spawns + 1);
  });
});

describe('whisper runtime supervisor: stop', () => {
  it('stop waits for the process to exit and leaves no process behind', async () => {
    const runtime = runtimeWith('ready');
    await runtime.ensureRunning();
    const pid = runtime.status().pid as number;
    expect(isProcessAlive(pid)).toBe(true);
    await runtime.stop();
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    expect(runtime.status()).toMatchObject({ state: 'stopped', pid: null, baseUrl: null });
  });

  it('kills a process that ignores SIGTERM after the grace period', async () => {
    // The fake must have started and said it ignores SIGTERM before readiness gives up: 2 s leaves room for a
    // Node start-up on a loaded machine (0.3 s did not).
    const runtime = runtimeWith('ignores-sigterm', { delays: { readinessTimeout: 2000, killGrace: 300 } });
    const failure = await failureOf(runtime.ensureRunning());
    expect(failure.message).toContain('ignoring SIGTERM');
    const spawned = fakeServerSpawns(directory.path, 'ignores-sigterm');
    expect(spawned.length).toBeGreaterThan(0);
    expect(runtime.status().pid).toBeNull();
  });

  it('stops when the last lease is released ("disconnect"), not before', async () => {
    const runtime = runtimeWith('ready');
    const first = await runtime.acquire();
    const second = await runtime.acquire();
    expect(second.baseUrl).toBe(first.baseUrl);
    const pid = runtime.status().pid as number;
    expect(runtime.status().users).toBe(2);
    await first.release();
    await first.release();
    expect(runtime.status()).toMatchObject({ state: 'running', users: 1 });
    await second.release();
    expect(runtime.status()).toMatchObject({ state: 'stopped', users: 0 });
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('stops a start that its only caller abandoned, leaving no process', async () => {
    const runtime = runtimeWith('never-ready', { delays: { readinessTimeout: 10_000 } });
    const controller = new AbortController();
    const outcome = failureOf(runtime.acquire(controller.signal));
    await until(() => runtime.status().pid !== null, 'the spawn');
    const pid = runtime.status().pid as number;
    controller.abort();
    expect((await outcome).kind).toBe('cancelled');
    expect(runtime.status().state).toBe('stopped');
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('tells a caller waiting for the start that it was stopped', async () => {
    const runtime = runtimeWith('never-ready', { delays: { readinessTimeout: 10_000 } });
    const outcome = failureOf(runtime.ensureRunning());
    await until(() => runtime.status().pid !== null, 'the spawn');
    await runtime.stop();
    expect((await outcome).message).toBe('whisper.cpp was stopped before it was ready.');
  });

  it('starts again after a stop', async () => {
    const runtime = runtimeWith('ready');
    await runtime.ensureRunning();
    await runtime.stop();
    await runtime.ensureRunning();
    expect(runtime.status().state).toBe('running');
  });

  it('notifies subscribers of each state it passes through', async () => {
    const runtime = runtimeWith('ready');
    const seen: WhisperRuntimeStatus['state'][] = [];
    const unsubscribe = runtime.subscribe((status) => {
      if (seen.at(-1) !== status.state) seen.push(status.state);
    });
    await runtime.ensureRunning();
    await runtime.stop();
    unsubscribe();
    await runtime.ensureRunning();
    expect(seen).toEqual(['starting', 'running', 'stopping', 'stopped']);
  });
});

function listenOnAnyPort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function portOf(server: Server): number {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return address.port;
}
