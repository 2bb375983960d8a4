import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findModel, officialModels } from './modelManifest.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { unconfiguredRuntimeMessage } from '../../test/support/unconfiguredRuntime.ts';
import { runtimeSetupProblem, suggestedModel } from './runtimeSetupProblem.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let binary: string;
let model: string;
beforeEach(() => {
  directory = temporaryDirectory('runtime-setup');
  binary = join(directory.path, 'whisper-server');
  model = join(directory.path, 'ggml-base-q5_1.bin');
});
afterEach(() => directory.remove());

function createBinary(): void {
  writeFileSync(binary, '#!/bin/sh\n');
  chmodSync(binary, 0o755);
}

describe('runtimeSetupProblem', () => {
  it('names the missing binary and the missing model, each with its command and the app page', () => {
    expect(runtimeSetupProblem({ binaryPath: binary, binaryManaged: true, modelPath: undefined })).toBe(
      unconfiguredRuntimeMessage,
    );
  });

  it('names only the model when the binary is there, giving the page address there', () => {
    createBinary();
    expect(runtimeSetupProblem({ binaryPath: binary, binaryManaged: true, modelPath: undefined })).toBe(
      'P14 whisper.cpp is not set up: no model is chosen (run `earshot runtime download-model base-q5_1` ' +
        'or `earshot runtime import-model PATH`, or Settings → Runtime (#/settings/runtime) → Download model).',
    );
  });

  it('names a chosen model file that is gone', () => {
    createBinary();
    expect(runtimeSetupProblem({ binaryPath: binary, binaryManaged: true, modelPath: model })).toMatch(
      new RegExp(`^P14 whisper\\.cpp is not set up: the model ${model} is not there \\(run .*download-model`),
    );
  });

  it('points at binaryPath, not at a build, when the configured binary is missing or cannot run', () => {
    writeFileSync(binary, 'not a program');
    writeFileSync(model, 'lmgg');
    expect(runtimeSetupProblem({ binaryPath: binary, binaryManaged: false, modelPath: model })).toBe(
      `P14 whisper.cpp is not set up: binaryPath names ${binary}, which is not a program that can run ` +
        '(clear it in Settings → Providers, or with `earshot providers set whisper-cpp binaryPath=`, to use the one `earshot runtime build` ' +
        'or `earshot runtime import-binary PATH` puts in place).',
    );
  });

  it('is undefined once the binary and the model are there', () => {
    createBinary();
    writeFileSync(model, 'lmgg');
    expect(
      runtimeSetupProblem({ binaryPath: binary, binaryManaged: true, modelPath: model }),
    ).toBeUndefined();
  });

  it('suggests a model that can be downloaded', () => {
    expect(findModel(officialModels, suggestedModel)).toBeDefined();
  });
});
