import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFakeBuildTools } from '../../test/fakes/whisper-cpp/fakeBuildTools.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { binaryRecordPath } from './binaryRecord.ts';
import { untrustedBinaryReason } from './binaryTrust.ts';
import { buildBinary } from './buildBinary.ts';
import { binaryDirectory, incomingDirectory, managedBinaryPath } from './runtimePaths.ts';
import { runtimeFilesReport } from './runtimeReport.ts';
import { isProcessAlive } from './runtimeRecord.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let tools: string;
let cache: string;

beforeEach(() => {
  directory = temporaryDirectory('binary-build');
  dataDirectory = join(directory.path, 'data');
  tools = join(directory.path, 'tools');
  cache = join(directory.path, 'cache');
});
afterEach(() => {
  vi.unstubAllEnvs();
  directory.remove();
});

const filesIn = (path: string) => (existsSync(path) ? readdirSync(path).sort() : []);
const workFolders = () =>
  filesIn(join(cache, 'whisper-server-1.9.1')).filter((name) => name.startsWith('build.'));

describe('buildBinary', () => {
  it('leaves nothing the runtime would run when killed mid-build, and the next build starts afresh', async () => {
    // The build, in a process group of its own, held at 45% until it is killed, all of it at once.
    writeFakeBuildTools(tools, 'builds', 60);
    const script = `import { buildBinary } from ${JSON.stringify(fileURLToPath(new URL('./buildBinary.ts', import.meta.url)))};
await buildBinary(${JSON.stringify(dataDirectory)}, { onLine: (line) => console.log(line) });`;
    const child = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
        detached: true,
        env: { ...process.env, PATH: `${tools}:${process.env.PATH ?? ''}`, EARSHOT_CACHE_DIR: cache },
      },
    );
    const exited = once(child, 'exit');
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 15_000 }).toContain('[ 45%]');
    process.kill(-(child.pid as number), 'SIGKILL');
    await exited;

    // What the next start finds: no binary, no record, only the killed build's work folder.
    expect(filesIn(binaryDirectory(dataDirectory))).toEqual([]);
    expect(filesIn(incomingDirectory(dataDirectory))).toEqual([]);
    expect((await runtimeFilesReport(dataDirectory)).binary.state).toBe('missing');
    expect(workFolders()).toEqual([expect.stringMatching(/^build\.\d+$/)]);
    // The folder is named after the killed script, which counts as running until it is reaped.
    const killedScript = Number(workFolders()[0]?.slice('build.'.length));
    await expect.poll(() => isProcessAlive(killedScript), { timeout: 10_000 }).toBe(false);

    writeFakeBuildTools(tools, 'builds');
    vi.stubEnv('PATH', `${tools}:${process.env.PATH ?? ''}`);
    vi.stubEnv('EARSHOT_CACHE_DIR', cache);
    const built = await buildBinary(dataDirectory);
    expect(built).toBe(managedBinaryPath(dataDirectory));
    expect(await untrustedBinaryReason(dataDirectory, built)).toBeUndefined();
    expect(filesIn(binaryDirectory(dataDirectory))).toEqual(['whisper-server', 'whisper-server.sha256']);
    expect(existsSync(binaryRecordPath(built))).toBe(true);
    expect(workFolders()).toEqual([]);
    expect(filesIn(incomingDirectory(dataDirectory))).toEqual([]);
  });
});
