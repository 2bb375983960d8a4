import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { binaryRecordPath } from './binaryRecord.ts';
import { fileSha256 } from './fileSha256.ts';
import { importBinary } from './importBinary.ts';
import { incomingDirectory, managedBinaryPath } from './runtimePaths.ts';
import { whisperServerProblem } from './whisperServerCheck.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let serverHelp: string;

beforeEach(() => {
  directory = temporaryDirectory('binary-import');
  // What whisper-server 1.9.1 prints for --help (abridged), on stderr, with exit code 0.
  serverHelp = script(
    'whisper-server',
    `echo "usage: $0 [options]" >&2\necho "  --inference-path PATH,   [/inference] Inference path for all requests" >&2`,
  );
});
afterEach(() => directory.remove());

function script(name: string, body: string): string {
  const path = join(directory.path, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('whisperServerProblem', () => {
  it('accepts a program whose --help names --inference-path', async () => {
    expect(await whisperServerProblem(serverHelp)).toBeUndefined();
  });

  it('refuses another ggml tool, a program that cannot run, and one that does not exist', async () => {
    const cli = script('whisper-cli', 'echo "usage: whisper-cli [options] file0.wav" >&2');
    expect(await whisperServerProblem(cli)).toBe(
      `its "--help" output (exit code 0) is not whisper-server's: "usage: whisper-cli [options] file0.wav"`,
    );
    expect(await whisperServerProblem(join(directory.path, 'missing'))).toMatch(
      /^it cannot be run \(spawn .*ENOENT\)/,
    );
  });
});

describe('importBinary', () => {
  it('copies a working whisper-server to <dataDir>/runtime/bin/whisper-server, executable, with its sha256', async () => {
    const dataDirectory = join(directory.path, 'data');
    const path = await importBinary(serverHelp, dataDirectory);
    expect(path).toBe(managedBinaryPath(dataDirectory));
    expect(statSync(path).mode & 0o111).not.toBe(0);
    expect(await whisperServerProblem(path)).toBeUndefined();
    expect(readFileSync(binaryRecordPath(path), 'utf8')).toBe(
      `${await fileSha256(serverHelp)}  whisper-server\n`,
    );
  });

  it('refuses a program that is not whisper-server and copies nothing', async () => {
    const dataDirectory = join(directory.path, 'data');
    const other = script('ffmpeg', 'echo "ffmpeg version 5.1"');
    await expect(importBinary(other, dataDirectory)).rejects.toThrow(/ffmpeg is not a usable whisper-server/);
    expect(() => statSync(managedBinaryPath(dataDirectory))).toThrow(/ENOENT/);
  });

  it('explains a binary that works in place but not once copied (shared libraries beside it)', async () => {
    const dataDirectory = join(directory.path, 'data');
    const inPlaceOnly = script(
      'whisper-server-shared',
      `case "$0" in */runtime/*) echo "error while loading shared libraries: libwhisper.so.1" >&2; exit 127;; esac\necho "--inference-path" >&2`,
    );
    await expect(importBinary(inPlaceOnly, dataDirectory)).rejects.toThrow(
      /whisper-server-shared runs where it is but not once copied .*`earshot runtime build` makes a self-contained one/,
    );
    expect(() => statSync(managedBinaryPath(dataDirectory))).toThrow(/ENOENT/);
    expect(readdirSync(incomingDirectory(dataDirectory))).toEqual([]);
  });
});
