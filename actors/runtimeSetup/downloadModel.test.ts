import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ModelHost, startModelHost } from '../../test/fakes/modelHost.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { downloadModel } from './downloadModel.ts';
import { incomingDirectory, modelsDirectory } from './runtimePaths.ts';
import { runtimeFilesReport } from './runtimeReport.ts';
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
  host.stallAfter = undefined;
  host.requests.length = 0;
});

function download(
  model = testModel,
  baseUrl = `${host.baseUrl}/models`,
  onProgress?: (received: number) => void,
  signal?: AbortSignal,
) {
  return downloadModel({
    model,
    baseUrl,
    dataDirectory: directory.path,
    onProgress: onProgress === undefined ? undefined : (received) => onProgress(received),
    ...(signal === undefined ? {} : { signal }),
  });
}

const modelsIn = () => modelsDirectory(directory.path);
const incomingIn = () => incomingDirectory(directory.path);
const filesIn = (path: string) => (existsSync(path) ? readdirSync(path).sort() : []);
/** Where a download that stopped leaves its bytes for the next one. */
const partialPath = () => join(incomingIn(), `${testModel.file}.download`);
/** The file a download under way in process `pid` writes. */
const ownedPath = (pid: number) => join(incomingIn(), `${testModel.file}.${pid}.download`);
const sizeOf = (path: string) => (existsSync(path) ? statSync(path).size : 0);
const sha256Of = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function leavePartial(bytes: Buffer, path = partialPath()): void {
  mkdirSync(incomingIn(), { recursive: true });
  writeFileSync(path, bytes);
}

/** The id of a process that has ended. */
function deadProcessId(): number {
  const { pid } = spawnSync('true');
  if (pid === undefined) throw new Error('could not run `true`');
  return pid;
}

describe('downloadModel', () => {
  it('streams the model into place after checking its size and sha256, reporting progress', async () => {
    const progress: number[] = [];
    const result = await download(testModel, `${host.baseUrl}/models/`, (received) =>
      progress.push(received),
    );
    expect(result).toEqual({ path: join(modelsIn(), 'ggml-test.bin'), downloaded: true });
    expect(readFileSync(result.path).equals(modelBytes)).toBe(true);
    expect(progress.at(-1)).toBe(modelBytes.length);
    expect(progress.length).toBeGreaterThan(1);
    expect(filesIn(modelsIn())).toEqual(['ggml-test.bin']);
    expect(filesIn(incomingIn())).toEqual([]);
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
    expect(filesIn(incomingIn())).toEqual([]);
  });

  it('keeps what a host sent of a file it ended early, and nothing of one that is too long', async () => {
    host.served = modelBytes.subarray(0, 1000);
    await expect(download()).rejects.toThrow(
      /stopped after 1000 of 200004 bytes \(the host ended the file early\); they are kept/,
    );
    expect(filesIn(modelsIn())).toEqual([]);
    expect(filesIn(incomingIn())).toEqual(['ggml-test.bin.download']);
    rmSync(partialPath());
    host.served = Buffer.concat([modelBytes, Buffer.alloc(10)]);
    await expect(download()).rejects.toThrow(/larger than the published 200004 bytes; it was not kept/);
    expect(filesIn(modelsIn())).toEqual([]);
    expect(filesIn(incomingIn())).toEqual([]);
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
    expect(filesIn(incomingIn())).toEqual([]);
  });

  it('continues the download of a process killed mid-file (kill -9), which left no model behind', async () => {
    const half = 100_000;
    host.stallAfter = half;
    const script = `import { downloadModel } from ${JSON.stringify(fileURLToPath(new URL('./downloadModel.ts', import.meta.url)))};
await downloadModel(${JSON.stringify({ model: testModel, baseUrl: `${host.baseUrl}/models`, dataDirectory: directory.path })});`;
    const child = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
      { stdio: 'ignore' },
    );
    const exited = once(child, 'exit');
    const owned = ownedPath(child.pid as number);
    await expect.poll(() => sizeOf(owned), { timeout: 15_000 }).toBe(half);
    child.kill('SIGKILL');
    await exited;

    // What the next start finds: no model, and the bytes so far as an unfinished download only.
    expect(filesIn(modelsIn())).toEqual([]);
    const report = await runtimeFilesReport(directory.path);
    expect(report.installedModels).toEqual([]);
    expect(report.model.state).toBe('not_set');
    expect(report.unfinishedDownloads).toEqual([{ name: testModel.file, bytes: half }]);

    const result = await download();
    expect(result.downloaded).toBe(true);
    expect(host.requests.at(-1)).toEqual({ range: `bytes=${half}-`, status: 206 });
    expect(sha256Of(result.path)).toBe(testModel.sha256);
    expect(filesIn(incomingIn())).toEqual([]);
  });

  it('will not write a download under way in this process or another; it continues once that one stops', async () => {
    host.stallAfter = 30_000;
    const stopFirst = new AbortController();
    const first = download(testModel, undefined, undefined, stopFirst.signal);
    await expect.poll(() => sizeOf(ownedPath(process.pid))).toBe(30_000);
    await expect(download()).rejects.toThrow(
      `ggml-test.bin is already being downloaded (process ${process.pid}, into ${ownedPath(process.pid)}). ` +
        'Wait for that download to end; if no such download is running, remove that file and try again.',
    );
    stopFirst.abort();
    await expect(first).rejects.toThrow(/stopped after 30000 of 200004 bytes .*; they are kept/);
    expect(filesIn(incomingIn())).toEqual(['ggml-test.bin.download']);

    expect(sha256Of((await download()).path)).toBe(testModel.sha256);
    expect(host.requests.at(-1)).toEqual({ range: 'bytes=30000-', status: 206 });
  });

  it('continues the longest of the downloads left unfinished and removes the others', async () => {
    leavePartial(modelBytes.subarray(0, 10_000));
    leavePartial(modelBytes.subarray(0, 60_000), ownedPath(deadProcessId()));
    expect(sha256Of((await download()).path)).toBe(testModel.sha256);
    expect(host.requests).toEqual([{ range: 'bytes=60000-', status: 206 }]);
    expect(filesIn(incomingIn())).toEqual([]);
  });

  it('moves in a whole, verified download killed before its move, without asking the host again', async () => {
    leavePartial(modelBytes, ownedPath(deadProcessId()));
    expect(await download()).toEqual({ path: join(modelsIn(), testModel.file), downloaded: true });
    expect(host.requests).toEqual([]);
    expect(filesIn(incomingIn())).toEqual([]);

    // Kept bytes as long as the model but not it cannot be continued: the download starts afresh.
    rmSync(directory.path, { recursive: true, force: true });
    leavePartial(Buffer.alloc(modelBytes.length, 1));
    expect(sha256Of((await download()).path)).toBe(testModel.sha256);
    expect(host.requests).toEqual([{ range: undefined, status: 200 }]);
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

  it('starts from the beginning when the host will not continue (416) or sends other bytes than asked (206)', async () => {
    for (const ranges of ['refused', 'misplaced'] as const) {
      rmSync(directory.path, { recursive: true, force: true });
      leavePartial(modelBytes.subarray(0, 50_000));
      host.ranges = ranges;
      host.requests.length = 0;
      expect(sha256Of((await download()).path)).toBe(testModel.sha256);
      expect(host.requests).toEqual([
        { range: 'bytes=50000-', status: ranges === 'refused' ? 416 : 206 },
        { range: undefined, status: 200 },
      ]);
      expect(filesIn(incomingIn())).toEqual([]);
    }
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
