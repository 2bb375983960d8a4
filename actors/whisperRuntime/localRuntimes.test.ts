import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { WhisperRuntimeState } from '../../machines/whisperRuntime.ts';
import type { ProviderAddressLease } from '../../providers/contract.ts';
import { type WhisperCppConfig, whisperCppConfigSchema } from '../../providers/whisper-cpp/config.ts';
import { definition as whisperCpp } from '../../providers/whisper-cpp/definition.ts';
import { installFakeServerBinary } from '../../test/fakes/whisper-cpp/fakeServerBinary.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { LocalRuntimes } from './localRuntimes.ts';
import { modelsDirectory } from '../runtimeSetup/runtimePaths.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let runtimes: LocalRuntimes;
let config: WhisperCppConfig;

beforeEach(async () => {
  directory = temporaryDirectory('local-runtimes');
  // P14 reads only a model in its data directory's models folder.
  mkdirSync(modelsDirectory(directory.path), { recursive: true });
  const modelPath = join(modelsDirectory(directory.path), 'ggml-test.bin');
  writeFileSync(modelPath, 'lmgg-test-model');
  await installFakeServerBinary(directory.path, directory.path, 'ready');
  config = whisperCppConfigSchema.parse({ modelPath, port: await freePort() });
  runtimes = new LocalRuntimes(directory.path);
});
afterEach(async () => {
  await runtimes.stop();
  directory.remove();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function jobLease(jobConfig: WhisperCppConfig): Promise<ProviderAddressLease> {
  return (await runtimes.startRuntime(
    whisperCpp,
    jobConfig,
    new AbortController().signal,
  )) as ProviderAddressLease;
}

it('has no status before the runtime was first needed', () => {
  expect(runtimes.status()).toBeUndefined();
  expect(runtimes.isHeld()).toBe(false);
});

it('keeps a held runtime running after the jobs using it end, until it is let go', async () => {
  const held = await runtimes.hold(config);
  expect(held.state).toBe('running');
  const lease = await jobLease(config);
  expect(lease.baseUrl).toBe(held.baseUrl);
  await lease.release();
  expect(runtimes.status()).toMatchObject({ state: 'running', users: 1 });
  expect(runtimes.isHeld()).toBe(true);

  await runtimes.letGo();
  expect(runtimes.status()?.state).toBe('stopped');
  expect(runtimes.isHeld()).toBe(false);
});

it('holding twice keeps one lease, so one letGo stops it', async () => {
  await runtimes.hold(config);
  await runtimes.hold(config);
  expect(runtimes.status()?.users).toBe(1);
  await runtimes.letGo();
  expect(runtimes.status()?.state).toBe('stopped');
});

it('follows the current runtime across a changed configuration, which ends the hold', async () => {
  const states: WhisperRuntimeState[] = [];
  const unsubscribe = runtimes.subscribe((status) => states.push(status.state));
  await runtimes.hold(config);
  const otherModel = join(modelsDirectory(directory.path), 'ggml-other.bin');
  writeFileSync(otherModel, 'lmgg-other-model');
  const lease = await jobLease({ ...config, modelPath: otherModel });
  expect(runtimes.isHeld()).toBe(false);
  expect(runtimes.status()?.state).toBe('running');
  expect(states.filter((state) => state === 'running').length).toBeGreaterThanOrEqual(2);

  unsubscribe();
  const heard = states.length;
  await lease.release();
  expect(states).toHaveLength(heard);
  expect(runtimes.status()?.state).toBe('stopped');
});
