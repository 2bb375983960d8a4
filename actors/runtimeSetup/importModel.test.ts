import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubModel } from '../../test/support/fixtures.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { importModel } from './importModel.ts';
import { incomingDirectory, modelsDirectory } from './runtimePaths.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;

beforeEach(() => {
  directory = temporaryDirectory('model-import');
  dataDirectory = join(directory.path, 'data');
});
afterEach(() => directory.remove());

function source(name: string, content: Buffer | string): string {
  const path = join(directory.path, name);
  writeFileSync(path, content);
  return path;
}

const ggml = (tail: string) => Buffer.concat([Buffer.from('lmgg', 'ascii'), Buffer.from(tail)]);

describe('importModel', () => {
  it('copies a ggml model into <dataDir>/runtime/models', async () => {
    const result = await importModel(source('ggml-tiny.bin', ggml('weights')), dataDirectory);
    expect(result).toEqual({
      path: join(modelsDirectory(dataDirectory), 'ggml-tiny.bin'),
      alreadyPresent: false,
    });
    expect(readFileSync(result.path).toString('latin1')).toBe('lmggweights');
  });

  it('takes the real stub model from whisper.cpp', async () => {
    expect((await importModel(stubModel, dataDirectory)).alreadyPresent).toBe(false);
  });

  it('refuses a file without the ggml magic bytes, and copies nothing', async () => {
    await expect(importModel(source('model.gguf', 'GGUF....'), dataDirectory)).rejects.toThrow(
      /model\.gguf is not a whisper\.cpp model: it does not start with the ggml magic bytes/,
    );
    await expect(importModel(source('short.bin', 'lm'), dataDirectory)).rejects.toThrow(
      /not a whisper\.cpp model/,
    );
    expect(() => readdirSync(modelsDirectory(dataDirectory))).toThrow(/ENOENT/);
  });

  it('says so when the file does not exist or is a directory', async () => {
    await expect(importModel(join(directory.path, 'nope.bin'), dataDirectory)).rejects.toThrow(
      /Cannot read .*nope\.bin: no such file\./,
    );
    await expect(importModel(directory.path, dataDirectory)).rejects.toThrow(/is not a file/);
  });

  it('reuses an identical copy and keeps a different model of the same name beside it', async () => {
    await importModel(source('ggml-base.bin', ggml('one')), dataDirectory);
    expect((await importModel(source('ggml-base.bin', ggml('one')), dataDirectory)).alreadyPresent).toBe(
      true,
    );
    const other = await importModel(source('ggml-base.bin', ggml('two')), dataDirectory);
    expect(other).toEqual({
      path: join(modelsDirectory(dataDirectory), 'ggml-base-2.bin'),
      alreadyPresent: false,
    });
    expect(readdirSync(modelsDirectory(dataDirectory)).sort()).toEqual(['ggml-base-2.bin', 'ggml-base.bin']);
  });

  it('copies into runtime/incoming first, where it removes what a killed import left, not an import under way', async () => {
    const incoming = incomingDirectory(dataDirectory);
    mkdirSync(incoming, { recursive: true });
    const { pid: ended } = spawnSync('true');
    const killedImport = `ggml-large.bin.${ended}.0a1b2c3d.copy`;
    const importUnderWay = `ggml-small.bin.${process.pid}.4e5f6a7b.copy`;
    writeFileSync(join(incoming, killedImport), 'lmgg-half');
    writeFileSync(join(incoming, importUnderWay), 'lmgg-half');
    await importModel(source('ggml-tiny.bin', ggml('weights')), dataDirectory);
    expect(readdirSync(incoming)).toEqual([importUnderWay]);
    expect(readdirSync(modelsDirectory(dataDirectory))).toEqual(['ggml-tiny.bin']);
  });
});
