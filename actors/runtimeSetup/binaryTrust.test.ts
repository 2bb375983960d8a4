import { appendFileSync, chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { binaryRecordPath, recordBinary } from './binaryRecord.ts';
import { binaryPathSettingProblem, untrustedBinaryReason } from './binaryTrust.ts';
import { importBinary } from './importBinary.ts';
import { binaryDirectory, managedBinaryPath } from './runtimePaths.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let server: string;

beforeEach(() => {
  directory = temporaryDirectory('binary-trust');
  dataDirectory = join(directory.path, 'data');
  server = join(directory.path, 'whisper-server');
  writeFileSync(server, '#!/bin/sh\necho "  --inference-path PATH" >&2\n');
  chmodSync(server, 0o755);
});
afterEach(() => directory.remove());

describe('untrustedBinaryReason', () => {
  it('lets the runtime run a binary that import-binary copied in and recorded', async () => {
    const imported = await importBinary(server, dataDirectory);
    expect(await untrustedBinaryReason(dataDirectory, imported)).toBeUndefined();
  });

  it('refuses a program outside the runtime folder, saying how to copy it in', async () => {
    expect(await untrustedBinaryReason(dataDirectory, server)).toBe(
      `whisper-server at ${server} is not one Earshot built or imported: P14 runs only a program file in ` +
        `${binaryDirectory(dataDirectory)}. Run \`earshot runtime import-binary ${server}\` to copy it there, ` +
        'then clear binaryPath. Clear it with: earshot providers set whisper-cpp binaryPath=',
    );
  });

  it('refuses the imported binary once its bytes changed', async () => {
    const imported = await importBinary(server, dataDirectory);
    appendFileSync(imported, 'touch /tmp/owned\n');
    expect(await untrustedBinaryReason(dataDirectory, imported)).toBe(
      `whisper-server at ${imported} changed since Earshot built/imported it; run \`earshot runtime build\` or ` +
        '`earshot runtime import-binary PATH` again (or Settings → Runtime → Build binary).',
    );
  });

  it('refuses a binary in the folder without a record (put there by hand, or by an older Earshot)', async () => {
    const imported = await importBinary(server, dataDirectory);
    rmSync(binaryRecordPath(imported));
    expect(await untrustedBinaryReason(dataDirectory, imported)).toMatch(
      /has no record of being built or imported by Earshot; run `earshot runtime build`/,
    );
  });

  it('refuses a link in the folder, even with a record, and a record beside another file', async () => {
    mkdirSync(binaryDirectory(dataDirectory), { recursive: true });
    const link = managedBinaryPath(dataDirectory);
    symlinkSync(server, link);
    await recordBinary(link);
    expect(await untrustedBinaryReason(dataDirectory, link)).toMatch(/is not one Earshot built or imported/);
    await recordBinary(server);
    expect(await untrustedBinaryReason(dataDirectory, server)).toMatch(
      /is not one Earshot built or imported/,
    );
  });
});

describe('binaryPathSettingProblem', () => {
  it('accepts a file in the runtime folder and refuses any other place, pointing to import-binary', () => {
    expect(binaryPathSettingProblem(dataDirectory, managedBinaryPath(dataDirectory))).toBeUndefined();
    expect(binaryPathSettingProblem(dataDirectory, '/usr/local/bin/whisper-server')).toBe(
      `P14 runs only a whisper-server that Earshot built or imported into ${binaryDirectory(dataDirectory)}. ` +
        'To use /usr/local/bin/whisper-server, run `earshot runtime import-binary /usr/local/bin/whisper-server`, ' +
        'which copies it there, and leave binaryPath empty.',
    );
    expect(
      binaryPathSettingProblem(dataDirectory, join(binaryDirectory(dataDirectory), '..', 'whisper-server')),
    ).toBeDefined();
  });
});
