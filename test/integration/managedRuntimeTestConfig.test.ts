import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { definition as whisper } from '../../providers/whisper-cpp/definition.ts';
import { LocalRuntimes } from '../../actors/whisperRuntime/localRuntimes.ts';
import { importBinary } from '../../actors/runtimeSetup/importBinary.ts';
import { importModel } from '../../actors/runtimeSetup/importModel.ts';
import { providerBaseUrls } from '../../actors/fileJob/transcriptionJobs.ts';
import { closedPort } from '../support/closedPort.ts';
import { requireBuiltWhisperServer, stubModel } from '../support/fixtures.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

describe('the Test button of the managed runtime (P14 whisper.cpp)', () => {
  let directory: ReturnType<typeof temporaryDirectory>;
  let runtimes: LocalRuntimes;
  beforeAll(() => {
    directory = temporaryDirectory('provider-check');
    runtimes = new LocalRuntimes(directory.path);
  });
  afterEach(async () => runtimes.stop());
  afterAll(() => directory.remove());

  it('starts the real whisper-server, transcribes the clip through it and lets it go again', async () => {
    await importBinary(requireBuiltWhisperServer(), directory.path);
    // P14 reads only a model in its data directory's models folder.
    const { path: modelPath } = await importModel(stubModel, directory.path);
    const config = { modelPath, port: await closedPort() };
    const check = await whisper.testConfig(config, {
      resolveBaseUrl: providerBaseUrls(runtimes.startRuntime),
    });
    expect(check).toEqual({
      ok: true,
      message: expect.stringMatching(
        /^whisper\.cpp transcribed a half-second test clip at http:\/\/127\.0\.0\.1:\d+: the settings work\.$/,
      ) as unknown,
    });
    expect(runtimes.status()?.state).toBe('stopped');
  }, 60_000);

  it('says how to get a binary when there is none', async () => {
    const config = { modelPath: stubModel, binaryPath: `${directory.path}/no-such-whisper-server` };
    const check = await whisper.testConfig(config, {
      resolveBaseUrl: providerBaseUrls(runtimes.startRuntime),
    });
    expect(check.ok).toBe(false);
    expect(check.message).toContain(`binaryPath names ${directory.path}/no-such-whisper-server`);
    expect(check.message).toContain('earshot runtime build');
  });
});
