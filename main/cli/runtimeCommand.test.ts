import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFakeBuildTools } from '../../test/fakes/whisper-cpp/fakeBuildTools.ts';
import { installFakeServerBinary } from '../../test/fakes/whisper-cpp/fakeServerBinary.ts';
import { markingScript } from '../../test/fakes/whisper-cpp/markingScript.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { unconfiguredRuntimeMessage } from '../../test/support/unconfiguredRuntime.ts';
import { readProviderConfig, writeProviderConfig } from '../../store/providerSettings.ts';
import { binaryRecordPath } from '../../actors/runtimeSetup/binaryRecord.ts';
import {
  incomingDirectory,
  managedBinaryPath,
  modelsDirectory,
} from '../../actors/runtimeSetup/runtimePaths.ts';
import { isProcessAlive, readRuntimeRecord } from '../../actors/runtimeSetup/runtimeRecord.ts';
import { runtimeCommand } from './runtimeCommand.ts';
import { UsageError } from './usage.ts';

const commandModule = fileURLToPath(new URL('./runtimeCommand.ts', import.meta.url));
let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let modelPath: string;
/** A model in the data directory's models folder, the only place P14 reads one from. */
let installedModel: string;
const owners: ChildProcess[] = [];

beforeEach(() => {
  directory = temporaryDirectory('runtime-command');
  dataDirectory = join(directory.path, 'data');
  modelPath = join(directory.path, 'ggml-test.bin');
  writeFileSync(modelPath, 'lmgg-test-model');
  mkdirSync(modelsDirectory(dataDirectory), { recursive: true });
  installedModel = join(modelsDirectory(dataDirectory), 'ggml-installed.bin');
  writeFileSync(installedModel, 'lmgg-test-model');
});
afterEach(() => {
  for (const owner of owners.splice(0)) if (owner.exitCode === null) owner.kill('SIGKILL');
  vi.restoreAllMocks();
  directory.remove();
});

/** What runtimeCommand printed on stdout (console.log) while running. */
async function printed(action: string, argument?: string): Promise<string> {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    await runtimeCommand(dataDirectory, action, argument);
  } finally {
    vi.mocked(console.log).mockRestore();
  }
  return lines.join('\n');
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `earshot runtime start` in its own process, resolved once it says it is running. */
async function startOwner(): Promise<{
  owner: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}> {
  const script = `import { runtimeCommand } from ${JSON.stringify(commandModule)};
await runtimeCommand(${JSON.stringify(dataDirectory)}, 'start', undefined);`;
  const owner = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  owners.push(owner);
  let output = '';
  owner.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  owner.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => owner.once('exit', resolve));
  const deadline = Date.now() + 20_000;
  while (!output.includes('Ctrl-C stops it')) {
    if (Date.now() > deadline || owner.exitCode !== null)
      throw new Error(`runtime start did not run: ${output}`);
    await sleep(20);
  }
  return { owner, output: () => output, exited };
}

async function configureFakeRuntime(): Promise<void> {
  await installFakeServerBinary(directory.path, dataDirectory, 'ready');
  writeProviderConfig(dataDirectory, 'whisper-cpp', { modelPath: installedModel, port: await freePort() });
}

describe('earshot runtime start / stop / status', () => {
  it('runs whisper-server in the foreground until "runtime stop", leaving no process', async () => {
    await configureFakeRuntime();
    const { owner, output, exited } = await startOwner();
    const record = readRuntimeRecord(dataDirectory);
    expect(record?.ownerPid).toBe(owner.pid);
    expect(isProcessAlive(record?.serverPid ?? -1)).toBe(true);
    expect(await (await fetch(`${record?.baseUrl}/health`)).json()).toEqual({ status: 'ok' });
    expect(await printed('status')).toContain(`Runtime: running at ${record?.baseUrl}`);

    expect(await printed('stop')).toBe(`Stopped whisper-server (pid ${record?.serverPid}).`);
    expect(await exited).toBe(0);
    expect(output()).toContain('whisper-server stopped.');
    expect(() => process.kill(record?.serverPid ?? -1, 0)).toThrow(/ESRCH/);
    expect(readRuntimeRecord(dataDirectory)).toBeUndefined();
    expect(await printed('stop')).toBe('No runtime started by "earshot runtime start" is running.');
  }, 30_000);

  it('refuses a second start while one runs', async () => {
    await configureFakeRuntime();
    await startOwner();
    await expect(runtimeCommand(dataDirectory, 'start', undefined)).rejects.toThrow(
      /whisper-server already runs at http:\/\/127\.0\.0\.1:\d+ .*earshot runtime stop/,
    );
    await printed('stop');
  }, 30_000);

  it('stops a server whose owner was killed, so it is not left orphaned', async () => {
    await configureFakeRuntime();
    const { owner, exited } = await startOwner();
    const serverPid = readRuntimeRecord(dataDirectory)?.serverPid ?? -1;
    owner.kill('SIGKILL');
    await exited;
    expect(isProcessAlive(serverPid)).toBe(true);
    expect(await printed('status')).toContain(
      `whisper-server pid ${serverPid} outlived the process that started it`,
    );
    await printed('stop');
    expect(isProcessAlive(serverPid)).toBe(false);
  }, 30_000);

  it('will not run a program named as binaryPath outside the runtime folder, nor show its --help', async () => {
    const script = markingScript(directory.path, 'planted');
    mkdirSync(dataDirectory, { recursive: true });
    writeProviderConfig(dataDirectory, 'whisper-cpp', { modelPath: installedModel, binaryPath: script.path });
    await expect(runtimeCommand(dataDirectory, 'start', undefined)).rejects.toThrow(
      `whisper-server at ${script.path} is not one Earshot built or imported: P14 runs only a program file in ${dirname(managedBinaryPath(dataDirectory))}.`,
    );
    expect(await printed('status')).toContain(`Binary:  ${script.path} (binaryPath): whisper-server at`);
    expect(existsSync(script.ran)).toBe(false);
  });

  it('will not run the imported binary once it has changed, nor one put there without a record', async () => {
    await configureFakeRuntime();
    const binary = managedBinaryPath(dataDirectory);
    const script = markingScript(directory.path, 'swapped');
    copyFileSync(script.path, binary);
    await expect(runtimeCommand(dataDirectory, 'start', undefined)).rejects.toThrow(
      `whisper-server at ${binary} changed since Earshot built/imported it; run \`earshot runtime build\` or ` +
        '`earshot runtime import-binary PATH` again',
    );
    rmSync(binaryRecordPath(binary));
    await expect(runtimeCommand(dataDirectory, 'start', undefined)).rejects.toThrow(
      `whisper-server at ${binary} has no record of being built or imported by Earshot`,
    );
    expect(existsSync(script.ran)).toBe(false);
  });

  it('will not start without a binary and a model, and says how to get each', async () => {
    await expect(runtimeCommand(dataDirectory, 'start', undefined)).rejects.toThrow(
      unconfiguredRuntimeMessage,
    );
  });

  it('reports a missing binary and model in status', async () => {
    const status = await printed('status');
    expect(status).toContain(`Binary:  ${managedBinaryPath(dataDirectory)} (managed): missing`);
    expect(status).toContain('Model:   not set (earshot runtime download-model NAME, or import-model PATH)');
    expect(status).toContain('Runtime: not running');
  });
});

describe('earshot runtime import-model / download-model / import-binary', () => {
  it('imports a model and makes it the one P14 uses', async () => {
    const output = await printed('import-model', modelPath);
    const imported = join(modelsDirectory(dataDirectory), 'ggml-test.bin');
    expect(output).toContain(`Copied the model to ${imported}`);
    expect(readProviderConfig(dataDirectory, 'whisper-cpp')).toEqual({ modelPath: imported });
    expect(await printed('status')).toContain(`Model:   ${imported} (0.0 MB): ggml model`);
  });

  it('imports a whisper-server binary into the data directory', async () => {
    const binary = join(directory.path, 'whisper-server');
    writeFileSync(binary, '#!/bin/sh\necho "  --inference-path PATH" >&2\n');
    chmodSync(binary, 0o755);
    expect(await printed('import-binary', binary)).toBe(
      `whisper-server is at ${managedBinaryPath(dataDirectory)}`,
    );
    expect(await printed('status')).toContain('(managed): runs as whisper-server');
  });

  it('shows an unfinished download apart from the models, never as one', async () => {
    const incoming = incomingDirectory(dataDirectory);
    mkdirSync(incoming, { recursive: true });
    writeFileSync(join(incoming, 'ggml-base-q5_1.bin.download'), Buffer.alloc(2_500_000));
    const status = await printed('status');
    expect(status).toContain(`Models in ${modelsDirectory(dataDirectory)}: ggml-installed.bin (0.0 MB)\n`);
    expect(status).toContain(
      `Unfinished downloads in ${incoming}: ggml-base-q5_1.bin (2.5 MB so far); ` +
        'download-model continues each, or remove the file to free the space',
    );
  });

  it('lists the models it can download when the name is missing or unknown', async () => {
    await expect(runtimeCommand(dataDirectory, 'download-model', undefined)).rejects.toThrow(UsageError);
    await expect(runtimeCommand(dataDirectory, 'download-model', 'large-v3')).rejects.toThrow(
      /There is no model "large-v3"\. Choose one of:\n {2}tiny\.en +77\.7 MB\n/,
    );
  });

  it('fails offline with the URL it tried and the import-model way out', async () => {
    const port = await freePort();
    vi.stubEnv('EARSHOT_MODEL_BASE_URL', `http://127.0.0.1:${port}/mirror`);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await expect(runtimeCommand(dataDirectory, 'download-model', 'tiny.en')).rejects.toThrow(
      `Cannot download ggml-tiny.en.bin from http://127.0.0.1:${port}/mirror/ggml-tiny.en.bin (ECONNREFUSED). If this computer cannot reach it, get the file another way and run: earshot runtime import-model PATH`,
    );
    vi.unstubAllEnvs();
  });

  it('refuses an unknown action or a missing path with the usage', async () => {
    await expect(runtimeCommand(dataDirectory, 'restart', undefined)).rejects.toThrow(
      'Use: earshot runtime status | build | import-binary PATH | import-model PATH | download-model NAME | start | stop',
    );
    await expect(runtimeCommand(dataDirectory, 'import-model', undefined)).rejects.toThrow(
      'Use: earshot runtime import-model PATH',
    );
  });
});

describe('earshot runtime build', () => {
  afterEach(() => vi.unstubAllEnvs());

  /** The build script runs for real, on stand-in tools and an empty cache of this test's own. */
  function useFakeBuildTools(outcome: 'builds' | 'fails'): void {
    const tools = join(directory.path, 'tools');
    writeFakeBuildTools(tools, outcome);
    vi.stubEnv('PATH', `${tools}:${process.env.PATH ?? ''}`);
    vi.stubEnv('EARSHOT_CACHE_DIR', join(directory.path, 'cache'));
  }

  function capturedStderr(): () => string {
    const chunks: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    });
    return () => chunks.join('');
  }

  it("shows the build's steps and cmake's percentage as a bar, then where whisper-server is", async () => {
    useFakeBuildTools('builds');
    const stderr = capturedStderr();
    expect(await printed('build')).toBe(`whisper-server is at ${managedBinaryPath(dataDirectory)}`);
    expect(stderr()).toContain('Fetching the whisper.cpp source from nodejs-whisper@0.3.1\n');
    expect(stderr()).toContain('Compiling whisper-server with ');
    expect(stderr()).toMatch(/^Compiling whisper-server \[#{14}-{16}\] {2}45%$/m);
    expect(stderr()).toMatch(/^Compiling whisper-server \[#{30}\] 100%$/m);
    // The compiler's own lines are for a failure.
    expect(stderr()).not.toContain('Building CXX object');
    expect(await printed('status')).toContain('(managed): runs as whisper-server');
  });

  it('quotes the end of the output of a build that fails', async () => {
    useFakeBuildTools('fails');
    capturedStderr();
    await expect(runtimeCommand(dataDirectory, 'build', undefined)).rejects.toThrow(
      /^Building whisper-server failed \(exit code 2\)\. The end of its output:\n(.*\n)* {2}src\/whisper\.cpp:42:1: error: expected ';' before '}' token$/,
    );
  });
});
