import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WhisperRuntime } from '../../actors/whisperRuntime/whisperRuntime.ts';
import { buildBinary } from '../../actors/runtimeSetup/buildBinary.ts';
import { importBinary } from '../../actors/runtimeSetup/importBinary.ts';
import { managedBinaryPath } from '../../actors/runtimeSetup/runtimePaths.ts';
import { whisperServerProblem } from '../../actors/runtimeSetup/whisperServerCheck.ts';
import type { FileTranscriptionProgress } from '../../providers/contract.ts';
import { ProviderError } from '../../providers/http/providerError.ts';
import { definition } from '../../providers/whisper-cpp/definition.ts';
import { builtWhisperServer, requireBuiltWhisperServer, fixture, stubModel } from '../support/fixtures.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { isProcessAlive } from '../../actors/runtimeSetup/runtimeRecord.ts';

/**
 * The real whisper-server, built from source by scripts/build-whisper-server.sh (CI builds it
 * before the tests), with whisper.cpp's own stub model: real hyper-parameters and vocabulary, no
 * weights, so every transcription is empty but the whole path (spawn, /health, multipart upload,
 * decoding, inference, verbose_json) is the real one.
 */
const binaryPath = builtWhisperServer;
const jfkWav = fixture('audio/jfk.wav');

let directory: ReturnType<typeof temporaryDirectory>;
const runtimes: WhisperRuntime[] = [];

beforeAll(() => {
  directory = temporaryDirectory('whisper-server');
});
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.stop()));
});
afterAll(() => directory.remove());

/** Every test goes through here, so a missing build fails each of them with the way out. */
function requireBuild(): void {
  requireBuiltWhisperServer();
}

function realRuntime(options: { modelPath?: string; port?: number } = {}): WhisperRuntime {
  requireBuild();
  // The build cache's binary, run in place: the check that P14 runs only its own copies is tested in main/runtime.
  const runtime = new WhisperRuntime({
    binaryPath,
    checkBinary: () => Promise.resolve(undefined),
    modelPath: stubModel,
    port: 0,
    threads: 2,
    ...options,
  });
  runtimes.push(runtime);
  return runtime;
}

function transcribe(baseUrl: string, wavPath: string, durationMs: number) {
  const progress: FileTranscriptionProgress[] = [];
  const result = definition.transcribeFile({
    wavPath,
    wavBytes: statSync(wavPath).size,
    durationMs,
    languageHints: [],
    config: definition.configSchema.parse({ modelPath: stubModel, binaryPath }),
    baseUrl,
    signal: new AbortController().signal,
    onProgress: (event) => progress.push(event),
  });
  return { result, progress };
}

describe('whisper-server (real binary, stub model)', () => {
  it('starts, becomes ready, transcribes jfk.wav through the provider, and stops without an orphan', async () => {
    const runtime = realRuntime();
    const startedAt = Date.now();
    const { baseUrl } = await runtime.ensureRunning();
    expect(Date.now() - startedAt).toBeLessThan(20_000);
    const { pid } = runtime.status();
    expect(pid).not.toBeNull();
    expect(runtime.status().output.join('\n')).toMatch(/whisper/);

    const { result, progress } = transcribe(baseUrl, jfkWav, 11_000);
    // The stub model has no weights: whisper.cpp answers 200 with an empty segment list.
    expect(await result).toEqual({ segments: [], language: expect.any(String) as unknown });
    const uploaded = progress.filter((event) => event.phase === 'uploading').at(-1);
    expect(uploaded).toMatchObject({ phase: 'uploading' });
    expect((uploaded as { sentBytes: number }).sentBytes).toBeGreaterThan(statSync(jfkWav).size);
    expect(progress.at(-1)).toEqual({ phase: 'processing' });
    expect(runtime.status().state).toBe('running');

    await runtime.stop();
    expect(runtime.status().state).toBe('stopped');
    expect(isProcessAlive(pid as number)).toBe(false);
  }, 60_000);

  it('reports whisper-server’s refusal of a corrupt WAV as a permanent error', async () => {
    const runtime = realRuntime();
    const { baseUrl } = await runtime.ensureRunning();
    const corrupt = join(directory.path, 'corrupt.wav');
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'ascii');
    header.write('WAVEfmt ', 8, 'ascii');
    writeFileSync(corrupt, Buffer.concat([header, Buffer.from('not audio at all, '.repeat(400))]));
    const failure = await transcribe(baseUrl, corrupt, 3_000).result.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).kind).toBe('permanent');
    expect((failure as ProviderError).message).toBe(
      'whisper.cpp refused the request (HTTP 400): Invalid request',
    );
    expect(runtime.status().state).toBe('running');
  }, 60_000);

  it('fails with whisper-server’s own words when the model file is not a model', async () => {
    const badModel = join(directory.path, 'not-a-model.bin');
    writeFileSync(badModel, 'this is not a ggml model');
    const runtime = realRuntime({ modelPath: badModel });
    const failure = await runtime.ensureRunning().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as Error).message).toMatch(
      /^whisper-server exited before it was ready \(exit code \d+\)/,
    );
    expect((failure as Error).message).toMatch(/failed to (load|initialize)|invalid model/i);
    expect(runtime.status()).toMatchObject({ state: 'failed', pid: null });
  }, 60_000);

  it('gives a second runtime its own port although whisper-server would share a busy one', async () => {
    const first = realRuntime();
    const { baseUrl: firstUrl } = await first.ensureRunning();
    const busyPort = first.status().port as number;
    const second = realRuntime({ port: busyPort });
    const { baseUrl: secondUrl } = await second.ensureRunning();
    expect(second.status().port).not.toBe(busyPort);
    expect(secondUrl).not.toBe(firstUrl);
    expect((await fetch(`${secondUrl}/health`)).status).toBe(200);
  }, 60_000);
});

describe('whisper-server binary management (real binary)', () => {
  it('"runtime build" reuses the cached build and puts a working copy in the data directory', async () => {
    requireBuild();
    const dataDirectory = join(directory.path, 'built');
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const path = await buildBinary(dataDirectory);
    vi.restoreAllMocks();
    expect(path).toBe(managedBinaryPath(dataDirectory));
    expect(await whisperServerProblem(path)).toBeUndefined();
  }, 60_000);

  it('accepts the real whisper-server for import: the static build still runs once copied', async () => {
    requireBuild();
    expect(await whisperServerProblem(binaryPath)).toBeUndefined();
    const imported = await importBinary(binaryPath, join(directory.path, 'imported'));
    expect(await whisperServerProblem(imported)).toBeUndefined();
  });
});
