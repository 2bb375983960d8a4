import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHttpServer, startFakeHttpServer } from '../../test/fakes/fakeHttpServer.ts';
import { writeFakeBuildTools } from '../../test/fakes/whisper-cpp/fakeBuildTools.ts';
import { markingScript } from '../../test/fakes/whisper-cpp/markingScript.ts';
import { requireBuiltWhisperServer, stubModel } from '../../test/support/fixtures.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { unconfiguredRuntimeMessage } from '../../test/support/unconfiguredRuntime.ts';
import { LocalRuntimes } from '../../actors/whisperRuntime/localRuntimes.ts';
import { readProviderConfig, writeProviderConfig } from '../../store/providerSettings.ts';
import { recordBinary } from '../../actors/runtimeSetup/binaryRecord.ts';
import { importBinary } from '../../actors/runtimeSetup/importBinary.ts';
import { importModel } from '../../actors/runtimeSetup/importModel.ts';
import { isProcessAlive } from '../../actors/runtimeSetup/runtimeRecord.ts';
import type { ModelEntry } from '../../providers/whisper-cpp/modelManifest.ts';
import { officialModels } from '../../providers/whisper-cpp/modelManifest.ts';
import { managedBinaryPath, modelsDirectory } from '../../actors/runtimeSetup/runtimePaths.ts';
import {
  createRuntimeControl,
  type RuntimeControlDependencies,
  type RuntimePanel,
} from './runtimeControl.ts';
import { uploadsDirectory } from '../../store/uploadedFiles.ts';

const stubModelBytes = readFileSync(stubModel);
const stubEntry: ModelEntry = {
  name: 'stub',
  file: 'ggml-stub.bin',
  bytes: stubModelBytes.length,
  sha256: createHash('sha256').update(stubModelBytes).digest('hex'),
};

/** The stub model imported into the data directory's models folder, the only place P14 reads one from. */
async function installedModel(): Promise<string> {
  return (await importModel(stubModel, dataDirectory)).path;
}

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let runtimes: LocalRuntimes;
let app: Hono;

function mount(options: Partial<RuntimeControlDependencies> = {}): void {
  app = new Hono().route('/control/v1', createRuntimeControl({ dataDirectory, runtimes, ...options }));
}

beforeEach(() => {
  directory = temporaryDirectory('runtime-control');
  dataDirectory = join(directory.path, 'data');
  runtimes = new LocalRuntimes(dataDirectory);
  mount();
});
afterEach(async () => {
  await runtimes.stop();
  directory.remove();
});

async function call(method: string, path: string, body?: unknown) {
  const response = await app.request(`/control/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A file sent as the raw body, as the app's file picker sends it. */
async function upload(path: string, body: Uint8Array | string) {
  const response = await app.request(`/control/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function panel(): Promise<RuntimePanel> {
  return (await call('GET', '/runtime')).json as unknown as RuntimePanel;
}

/** A deferred the injected builder waits on, so a test decides when the "build" ends. */
function controlledBuilder() {
  let finish: (outcome: Error | undefined) => void = () => {};
  const ended = new Promise<Error | undefined>((resolve) => (finish = resolve));
  const builder: RuntimeControlDependencies['buildBinary'] = async (_dataDirectory, listener) => {
    listener.onLine?.('-- Configuring done');
    listener.onLine?.('[ 12%] Building C object ggml.c.o');
    listener.onProgress?.(0.12);
    listener.onLine?.('[ 50%] Building CXX object whisper.cpp.o');
    listener.onProgress?.(0.5);
    const failure = await ended;
    if (failure !== undefined) throw failure;
    return managedBinaryPath(dataDirectory);
  };
  return { builder, finish };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('GET /runtime', () => {
  it('describes an empty data directory: nothing there, nothing running, no task', async () => {
    expect(await panel()).toEqual({
      binary: { path: managedBinaryPath(dataDirectory), managed: true, state: 'missing', problem: null },
      model: { path: null, state: 'not_set', bytes: null },
      installedModels: [],
      officialModels: officialModels.map(({ name, bytes }) => ({ name, bytes })),
      suggestedModel: 'base-q5_1',
      runtime: { state: 'stopped', baseUrl: null, pid: null, failure: null, held: false },
      task: { kind: null, state: null, progress: null, message: null },
      log: [],
    });
  });

  it('names a planted binaryPath as not one Earshot built or imported, without running it', async () => {
    const planted = markingScript(directory.path, 'planted');
    writeProviderConfig(dataDirectory, 'whisper-cpp', {
      binaryPath: planted.path,
      modelPath: '/nowhere/ggml.bin',
    });
    const { binary, model } = await panel();
    expect(binary).toEqual({
      path: planted.path,
      managed: false,
      state: 'unusable',
      problem: expect.stringContaining(
        `whisper-server at ${planted.path} is not one Earshot built or imported`,
      ) as unknown,
    });
    expect(model).toEqual({ path: '/nowhere/ggml.bin', state: 'missing', bytes: null });
    expect(existsSync(planted.ran)).toBe(false);
  });

  it('names a recorded binary in the runtime folder that is not whisper-server', async () => {
    const notServer = managedBinaryPath(dataDirectory);
    mkdirSync(dirname(notServer), { recursive: true });
    writeFileSync(notServer, '#!/bin/sh\necho "usage: whisper-cli [options] file0.wav"\n');
    chmodSync(notServer, 0o755);
    await recordBinary(notServer);
    expect((await panel()).binary).toEqual({
      path: notServer,
      managed: true,
      state: 'unusable',
      problem: expect.stringContaining('is not whisper-server') as unknown,
    });
  });
});

describe('POST /runtime/import-model; no import-binary', () => {
  it('imports an uploaded model into the data directory under its own name and makes it the one P14 uses', async () => {
    const { status, json } = await upload('/runtime/import-model?name=ggml-tiny.en.bin', stubModelBytes);
    const imported = join(modelsDirectory(dataDirectory), 'ggml-tiny.en.bin');
    expect(status).toBe(200);
    expect(json).toMatchObject({
      model: { path: imported, state: 'ready', bytes: stubModelBytes.length },
      installedModels: [imported],
    });
    expect(readFileSync(imported).equals(stubModelBytes)).toBe(true);
    expect(readProviderConfig(dataDirectory, 'whisper-cpp')).toEqual({ modelPath: imported });
    expect(readdirSync(uploadsDirectory(dataDirectory))).toEqual([]);
  });

  it('opens no path a caller names, refuses what is not a ggml model, and keeps nothing', async () => {
    const byPath = await call('POST', '/runtime/import-model', { path: stubModel });
    expect(byPath).toMatchObject({ status: 400, json: { code: 'invalid_request' } });
    const pathAsBody = await upload(
      '/runtime/import-model?name=ggml.bin',
      JSON.stringify({ path: stubModel }),
    );
    expect(pathAsBody).toMatchObject({
      status: 400,
      json: {
        code: 'invalid_model',
        error: expect.stringMatching(/^ggml\.bin is not a whisper\.cpp model/) as unknown,
      },
    });
    const hostileName = await upload('/runtime/import-model?name=../bin/whisper-server', stubModelBytes);
    expect(hostileName.status).toBe(200);
    expect((await panel()).installedModels).toEqual([
      join(modelsDirectory(dataDirectory), '_bin_whisper-server.bin'),
    ]);
    expect(existsSync(managedBinaryPath(dataDirectory))).toBe(false);
    expect(readdirSync(uploadsDirectory(dataDirectory))).toEqual([]);
  });

  it('offers no binary import: one session could otherwise hand the service a program to run', async () => {
    const planted = markingScript(directory.path, 'whisper-server');
    const response = await app.request('/control/v1/runtime/import-binary', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: planted.path }),
    });
    expect(response.status).toBe(404);
    expect(existsSync(managedBinaryPath(dataDirectory))).toBe(false);
    expect(existsSync(planted.ran)).toBe(false);
  });
});

describe('POST /runtime/download-model', () => {
  let host: FakeHttpServer;
  /** The model host answers once the test lets it, so the task is seen running first. */
  let answer: () => void = () => {};
  beforeAll(async () => {
    host = await startFakeHttpServer(async (_request, url) => {
      if (url.pathname !== `/mirror/${stubEntry.file}`) return undefined;
      await new Promise<void>((resolve) => (answer = resolve));
      return { body: stubModelBytes };
    });
  });
  afterAll(async () => host.close());

  it('downloads in the background with progress, checks the sha256 and makes it P14 model', async () => {
    mount({ models: [stubEntry], modelBaseUrl: `${host.baseUrl}/mirror` });
    const { status, json } = await call('POST', '/runtime/download-model', { name: 'stub' });
    expect(status).toBe(202);
    expect(json.task).toMatchObject({ kind: 'download-model', state: 'running' });
    await expect.poll(() => host.requests.length).toBe(1);
    answer();
    await expect.poll(async () => (await panel()).task.state).toBe('succeeded');
    const downloaded = join(modelsDirectory(dataDirectory), stubEntry.file);
    expect(await panel()).toMatchObject({
      model: { path: downloaded, state: 'ready', bytes: stubEntry.bytes },
      installedModels: [downloaded],
      officialModels: [{ name: 'stub', bytes: stubEntry.bytes }],
      task: {
        kind: 'download-model',
        state: 'succeeded',
        progress: 1,
        message: `Downloaded and verified ${downloaded}; P14 now uses it.`,
      },
    });
    expect(readFileSync(downloaded).equals(stubModelBytes)).toBe(true);
  });

  it('fails the task, keeping nothing, when the file does not match the manifest', async () => {
    mount({ models: [{ ...stubEntry, sha256: '0'.repeat(64) }], modelBaseUrl: `${host.baseUrl}/mirror` });
    await call('POST', '/runtime/download-model', { name: 'stub' });
    await expect.poll(() => host.requests.length).toBe(2);
    answer();
    await expect.poll(async () => (await panel()).task.state).toBe('failed');
    const { task, model, installedModels } = await panel();
    expect(task.message).toMatch(/its sha256 is [0-9a-f]{64}, not the published 0{64}; it was not kept/);
    expect(model.state).toBe('not_set');
    expect(installedModels).toEqual([]);
  });

  it('refuses an unknown name, listing the names it knows', async () => {
    const { status, json } = await call('POST', '/runtime/download-model', { name: 'large-v3' });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'unknown_model' });
    expect(json.error).toContain('There is no model "large-v3". Choose one of: tiny.en, tiny-q5_1');
  });
});

describe('POST /runtime/build', () => {
  it('builds in the background, one task at a time, with its progress and output in the panel', async () => {
    const { builder, finish } = controlledBuilder();
    mount({ buildBinary: builder, models: [stubEntry], modelBaseUrl: 'http://127.0.0.1:9' });
    expect((await call('POST', '/runtime/build')).status).toBe(202);
    await expect.poll(async () => (await panel()).task.progress).toBe(0.5);
    expect(await panel()).toMatchObject({
      task: { kind: 'build', state: 'running', progress: 0.5 },
      log: [
        '-- Configuring done',
        '[ 12%] Building C object ggml.c.o',
        '[ 50%] Building CXX object whisper.cpp.o',
      ],
    });

    for (const [path, body] of [
      ['/runtime/build', undefined],
      ['/runtime/download-model', { name: 'stub' }],
    ] as const) {
      const conflict = await call('POST', path, body);
      expect(conflict.status).toBe(409);
      expect(conflict.json).toMatchObject({ code: 'task_running' });
    }

    finish(undefined);
    await expect.poll(async () => (await panel()).task.state).toBe('succeeded');
    expect((await panel()).task).toEqual({
      kind: 'build',
      state: 'succeeded',
      progress: 1,
      message: `whisper-server is built at ${managedBinaryPath(dataDirectory)}.`,
    });
  });

  it('runs the build script, with its output in the log and its progress to the end', async () => {
    const tools = join(directory.path, 'tools');
    writeFakeBuildTools(tools, 'builds');
    vi.stubEnv('PATH', `${tools}:${process.env.PATH ?? ''}`);
    vi.stubEnv('EARSHOT_CACHE_DIR', join(directory.path, 'cache'));
    try {
      expect((await call('POST', '/runtime/build')).status).toBe(202);
      await expect.poll(async () => (await panel()).task.state, { timeout: 20_000 }).toBe('succeeded');
      const { task, log, binary } = await panel();
      expect(task).toMatchObject({ kind: 'build', progress: 1 });
      expect(log).toContain('[ 45%] Building CXX object src/CMakeFiles/whisper.dir/whisper.cpp.o');
      expect(binary).toMatchObject({ managed: true, state: 'ready' });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('reports a failed build and lets the next task start', async () => {
    const { builder, finish } = controlledBuilder();
    mount({ buildBinary: builder });
    await call('POST', '/runtime/build');
    finish(new Error('Building whisper-server failed (exit code 2); its output is in the log.'));
    await expect.poll(async () => (await panel()).task.state).toBe('failed');
    expect((await panel()).task.message).toBe(
      'Building whisper-server failed (exit code 2); its output is in the log.',
    );
    expect((await call('POST', '/runtime/build')).status).toBe(202);
  });
});

describe('POST /runtime/start and stop', () => {
  it('refuses to start an unconfigured P14, naming the missing binary and model and how to get each', async () => {
    const { status, json } = await call('POST', '/runtime/start');
    expect(status).toBe(400);
    expect(json).toEqual({
      code: 'runtime_not_configured',
      error: unconfiguredRuntimeMessage,
    });
    expect((await panel()).runtime.state).toBe('stopped');
  });

  it('says how to get a binary when the model is set but there is none', async () => {
    writeProviderConfig(dataDirectory, 'whisper-cpp', { modelPath: stubModel });
    const { status, json } = await call('POST', '/runtime/start');
    expect(status).toBe(400);
    expect(json).toEqual({
      code: 'runtime_not_configured',
      error:
        'P14 whisper.cpp is not set up: whisper-server is not built (run `earshot runtime build` or ' +
        '`earshot runtime import-binary PATH`, or Settings → Runtime (#/settings/runtime) → Build binary).',
    });
  });

  it('will not run a program set as binaryPath behind the control API, nor one changed since its import', async () => {
    const planted = markingScript(directory.path, 'planted');
    writeProviderConfig(dataDirectory, 'whisper-cpp', {
      modelPath: await installedModel(),
      binaryPath: planted.path,
    });
    const outside = await call('POST', '/runtime/start');
    expect(outside).toMatchObject({
      status: 400,
      json: {
        code: 'runtime_unavailable',
        error: expect.stringContaining(
          `whisper-server at ${planted.path} is not one Earshot built or imported`,
        ) as unknown,
      },
    });

    writeProviderConfig(dataDirectory, 'whisper-cpp', { modelPath: await installedModel() });
    const imported = await importBinary(markingScript(directory.path, 'whisper-server').path, dataDirectory);
    rmSync(join(directory.path, 'whisper-server.ran'));
    copyFileSync(planted.path, imported);
    const changed = await call('POST', '/runtime/start');
    expect(changed).toMatchObject({
      status: 400,
      json: {
        code: 'runtime_unavailable',
        error: `whisper-server at ${imported} changed since Earshot built/imported it; run \`earshot runtime build\` or \`earshot runtime import-binary PATH\` again (or Settings → Runtime → Build binary).`,
      },
    });
    expect(existsSync(planted.ran)).toBe(false);
    expect((await panel()).runtime).toMatchObject({ state: 'unprepared', pid: null, held: false });
  });

  it('will not start with a modelPath outside the models folder, nor one linked out of it', async () => {
    const binary = markingScript(directory.path, 'whisper-server');
    await importBinary(binary.path, dataDirectory);
    rmSync(binary.ran);
    const linked = join(modelsDirectory(dataDirectory), 'linked.bin');
    mkdirSync(modelsDirectory(dataDirectory), { recursive: true });
    symlinkSync(stubModel, linked);
    // Written around the save-time check, as an older Earshot or a hand edit could have.
    for (const modelPath of [stubModel, linked]) {
      writeProviderConfig(dataDirectory, 'whisper-cpp', { modelPath });
      expect(await call('POST', '/runtime/start')).toMatchObject({
        status: 400,
        json: {
          code: 'runtime_unavailable',
          error: expect.stringContaining(
            `P14 reads only a model Earshot imported or downloaded into ${modelsDirectory(dataDirectory)}. ` +
              `To use ${modelPath}, run \`earshot runtime import-model ${modelPath}\``,
          ) as unknown,
        },
      });
    }
    expect(existsSync(binary.ran)).toBe(false);
  });

  it('runs the real whisper-server until stop, with its output in the log', async () => {
    await importBinary(requireBuiltWhisperServer(), dataDirectory);
    writeProviderConfig(dataDirectory, 'whisper-cpp', {
      modelPath: await installedModel(),
      port: await freePort(),
    });
    const started = await call('POST', '/runtime/start');
    expect(started.status).toBe(200);
    const { runtime, log } = started.json as unknown as RuntimePanel;
    expect(runtime).toMatchObject({ state: 'running', held: true, failure: null });
    expect(runtime.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${runtime.baseUrl}/health`)).json()).toEqual({ status: 'ok' });
    expect(log.join('\n')).toContain('whisper');
    const pid = runtime.pid ?? -1;
    expect(isProcessAlive(pid)).toBe(true);

    const stopped = await call('POST', '/runtime/stop');
    expect(stopped.json.runtime).toMatchObject({ state: 'stopped', held: false, pid: null, baseUrl: null });
    expect(isProcessAlive(pid)).toBe(false);
  }, 60_000);
});
