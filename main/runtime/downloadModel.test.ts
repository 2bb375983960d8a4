import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeHttpServer, startFakeHttpServer } from '../../test/fakes/fakeHttpServer.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { downloadModel } from './downloadModel.ts';
import { findModel, type ModelEntry, officialModels } from './modelManifest.ts';

// A small stand-in model and a manifest for it, served by a local fake of the model host.
const modelBytes = Buffer.concat([Buffer.from('lmgg', 'ascii'), Buffer.alloc(200_000, 7)]);
const testModel: ModelEntry = {
  name: 'test',
  file: 'ggml-test.bin',
  bytes: modelBytes.length,
  sha256: createHash('sha256').update(modelBytes).digest('hex'),
};

let host: FakeHttpServer;
let served: Buffer | undefined;
let directory: ReturnType<typeof temporaryDirectory>;

beforeAll(async () => {
  host = await startFakeHttpServer((request, url) => {
    if (url.pathname === '/models/ggml-test.bin' && served !== undefined) {
      return { headers: { 'content-type': 'application/octet-stream' }, body: served };
    }
    return undefined;
  });
});
afterAll(async () => host.close());
beforeEach(() => {
  directory?.remove();
  directory = temporaryDirectory('model-download');
  served = modelBytes;
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

const filesIn = (path: string) => (existsSync(path) ? readdirSync(path) : []);

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
    expect(filesIn(join(directory.path, 'models'))).toEqual(['ggml-test.bin']);
  });

  it('does not download a model that is already there intact', async () => {
    await download();
    host.requests.length = 0;
    expect((await download()).downloaded).toBe(false);
    expect(host.requests).toHaveLength(0);
  });

  it('keeps nothing when the sha256 differs from the manifest', async () => {
    served = Buffer.from(modelBytes);
    served[1000] = 0;
    await expect(download()).rejects.toThrow(
      new RegExp(`its sha256 is [0-9a-f]{64}, not the published ${testModel.sha256}; it was not kept`),
    );
    expect(filesIn(join(directory.path, 'models'))).toEqual([]);
  });

  it('keeps nothing when the file is cut short or too long', async () => {
    served = modelBytes.subarray(0, 1000);
    await expect(download()).rejects.toThrow(/it ended after 1000 of 200004 bytes/);
    served = Buffer.concat([modelBytes, Buffer.alloc(10)]);
    await expect(download()).rejects.toThrow(/larger than the published 200004 bytes/);
    expect(filesIn(join(directory.path, 'models'))).toEqual([]);
  });

  it('names the URL and suggests import-model when the host answers with an error', async () => {
    served = undefined;
    await expect(download()).rejects.toThrow(
      `The model host answered HTTP 404 for ${host.baseUrl}/models/ggml-test.bin. If this computer cannot reach it, get the file another way and run: earshot runtime import-model PATH`,
    );
  });

  it('names the URL and suggests import-model when offline', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
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
