import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ModelHost, startModelHost } from '../../test/fakes/modelHost.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { downloadModel } from './downloadModel.ts';
import { findModel, type ModelEntry, officialModels } from '../../providers/whisper-cpp/modelManifest.ts';

// A small stand-in model and a manifest for it, served by a local fake of the model host at /models/.
const modelBytes = Buffer.concat([Buffer.from('lmgg', 'ascii'), Buffer.alloc(200_000, 7)]);
const testModel: ModelEntry = {
  name: 'test',
  file: 'ggml-test.bin',
  bytes: modelBytes.length,
  sha256: createHash('sha256').update(modelBytes).digest('hex'),
};

let host: ModelHost;
let directory: ReturnType<typeof temporaryDirectory>;

beforeAll(async () => (host = await startModelHost(`/models/${testModel.file}`)));
afterAll(async () => host.close());
beforeEach(() => {
  directory?.remove();
  directory = temporaryDirectory('model-download');
  host.served = modelBytes;
  host.ranges = 'honoured';
  host.cutAfter = undefined;
  host.requests.length = 0;
});

function download(
  model = testModel,
  baseUrl = `${host.baseUrl}/models`,
  onProgress?: (received: number) => void,
) {
  return downloadModel({
    model,
    baseUrl,
    directory: join(directory.path, 'models'),
    onProgress: onProgress === undefined ? undefined : (received) => onProgress(received),
  });
}

const modelsIn = () => join(directory.path, 'models');
const filesIn = (path: string) => (existsSync(path) ? readdirSync(path) : []);
const partialPath = () => join(modelsIn(), `${testModel.file}.partial`);

function leavePartial(bytes: Buffer): void {
  mkdirSync(modelsIn(), { recursive: true });
  writeFileSync(partialPath(), bytes);
}

describe('downloadModel', () => {
  it('streams the model into place after checking its size and sha256, reporting progress', async () => {
    const progress: number[] = [];
    const result = await download(testModel, `${host.baseUrl}/models/`, (received) =>
      progress.push(received),
    );
    expect(result).toEqual({ path: join(directory.path, 'models', 'ggml-test.bin'), downloaded: true });
    expect(readFileSync(result.path).equals(modelBytes)).toBe(true);
    expect(progress.at(-1)).toBe(modelBytes.length);
    expect(progress.length).toBeGreaterThan(1);
    expect(filesIn(modelsIn())).toEqual(['ggml-test.bin']);
    expect(host.requests).toEqual([{ range: undefined, status: 200 }]);
  });

  it('does not download a model that is already there intact', async () => {
    await download();
    host.requests.length = 0;
    expect((await download()).downloaded).toBe(false);
    expect(host.requests).toHaveLength(0);
  });

  it('keeps nothing when the sha256 differs from the manifest', async () => {
    host.served = Buffer.from(modelBytes);
    host.served[1000] = 0;
    await expect(download()).rejects.toThrow(
      new RegExp(`its sha256 is [0-9a-f]{64}, not the published ${testModel.sha256}; it was not kept`),
    );
    expect(filesIn(modelsIn())).toEqual([]);
  });

  it('keeps what a host sent of a file it ended early, and nothing of one that is too long', async () => {
    host.served = modelBytes.subarray(0, 1000);
    await expect(download()).rejects.toThrow(
      /stopped after 1000 of 200004 bytes \(the host ended the file early\); they are kept/,
    );
    expect(filesIn(modelsIn())).toEqual(['ggml-test.bin.partial']);
    rmSync(partialPath());
    host.served = Buffer.concat([modelBytes, Buffer.alloc(10)]);
    await expect(download()).rejects.toThrow(/larger than the published 200004 bytes; it was not kept/);
    expect(filesIn(modelsIn())).toEqual([]);
  });

  it('continues a download whose connection was cut, asking only for the bytes it lacks', async () => {
    host.cutAfter = 80_000;
    await expect(download()).rejects.toThrow(
      'stopped after 80000 of 200004 bytes (other side closed); they are kept, and downloading it again continues from there.',
    );
    const kept = statSync(partialPath()).size;
    expect(kept).toBe(80_000);

    const progress: number[] = [];
    const result = await download(testModel, undefined, (received) => progress.push(received));
    expect(result.downloaded).toBe(true);
    expect(readFileSync(result.path).equals(modelBytes)).toBe(true);
    expect(host.requests.at(-1)).toEqual({ range: `bytes=${kept}-`, status: 206 });
    // Progress counts the bytes kept from the first attempt.
    expect(progress[0]).toBe(kept);
    expect(progress.at(-1)).toBe(modelBytes.length);
    expect(filesIn(modelsIn())).toEqual(['ggml-test.bin']);
  });

  it('starts from the beginning when the host ignores the range and sends the whole file (200)', async () => {
    leavePartial(modelBytes.subarray(0, 50_000));
    host.ranges = 'ignored';
    const progress: number[] = [];
    const result = await download(testModel, undefined, (received) => progress.push(received));
    expect(readFileSync(result.path).equals(modelBytes)).toBe(true);
    expect(host.requests).toEqual([{ range: 'bytes=50000-', status: 200 }]);
    expect(progress[0]).toBe(0);
  });

  it('removes a corrupt partial file once the finished file fails its sha256, and says so', async () => {
    leavePartial(Buffer.alloc(50_000, 1));
    await expect(download()).rejects.toThrow(
      /its sha256 is [0-9a-f]{64}, not the published [0-9a-f]{64} \(its first 50000 bytes were kept from an interrupted download\); it was not kept/,
    );
    expect(host.requests).toEqual([{ range: 'bytes=50000-', status: 206 }]);
    expect(filesIn(modelsIn())).toEqual([]);
    expect(readFileSync((await download()).path).equals(modelBytes)).toBe(true);
    expect(host.requests.at(-1)).toEqual({ range: undefined, status: 200 });
  });

  it('removes the partial file when the host will not continue it (416), and says so', async () => {
    leavePartial(modelBytes.subarray(0, 50_000));
    host.ranges = 'refused';
    await expect(download()).rejects.toThrow(
      'The model host would not continue the interrupted download of ggml-test.bin at byte 50000 (HTTP 416), ' +
        'so the partial file was removed; download it again to start from the beginning.',
    );
    expect(filesIn(modelsIn())).toEqual([]);
  });

  it('names the URL and suggests import-model when the host answers with an error', async () => {
    host.served = undefined;
    await expect(download()).rejects.toThrow(
      `The model host answered HTTP 404 for ${host.baseUrl}/models/ggml-test.bin. If this computer cannot reach it, get the file another way and run: earshot runtime import-model PATH`,
    );
  });

  it('names the URL and suggests import-model when offline', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const address = probe.address() as { port: number };
        probe.close(() => resolve(address.port));
      });
    });
    const url = `http://127.0.0.1:${closedPort}`;
    await expect(download(testModel, url)).rejects.toThrow(
      `Cannot download ggml-test.bin from ${url}/ggml-test.bin (ECONNREFUSED). If this computer cannot reach it, get the file another way and run: earshot runtime import-model PATH`,
    );
  });
});

describe('model manifest', () => {
  it('finds a model by name or by file name', () => {
    expect(findModel(officialModels, 'tiny.en')?.file).toBe('ggml-tiny.en.bin');
    expect(findModel(officialModels, 'ggml-base-q5_1.bin')?.name).toBe('base-q5_1');
    expect(findModel(officialModels, 'ggml-small-q5_1')?.bytes).toBe(190_085_487);
    expect(findModel(officialModels, 'large-v3')).toBeUndefined();
  });

  it('lists the published size and a sha256 for every model', () => {
    for (const model of officialModels) {
      expect(model.file).toBe(`ggml-${model.name}.bin`);
      expect(model.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(model.bytes).toBeGreaterThan(30_000_000);
    }
  });
});
