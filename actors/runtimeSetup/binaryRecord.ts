import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { writePrivateFile } from '../../store/privateFile.ts';
import { fileSha256 } from './fileSha256.ts';

/**
 * The sha256 of a whisper-server that Earshot built or imported, taken as it was put in place and
 * kept beside it as `<binary>.sha256` (sha256sum's format, so `sha256sum -c` reads it too). The
 * runtime runs a binary only while it still has those bytes.
 */
export function binaryRecordPath(binaryPath: string): string {
  return `${binaryPath}.sha256`;
}

/**
 * Records `sha256`: that of the bytes checked before they were moved to `binaryPath`, so that the
 * record vouches for those and no others; by default, the file's as it is now.
 */
export async function recordBinary(binaryPath: string, sha256?: string): Promise<void> {
  writePrivateFile(
    binaryRecordPath(binaryPath),
    `${sha256 ?? (await fileSha256(binaryPath))}  ${basename(binaryPath)}\n`,
  );
}

/** The recorded sha256 (hex), or undefined when there is no readable record. */
export async function recordedSha256(binaryPath: string): Promise<string | undefined> {
  const text = await readFile(binaryRecordPath(binaryPath), 'utf8').catch(() => '');
  return /^([0-9a-f]{64}) {2}/.exec(text)?.[1];
}
