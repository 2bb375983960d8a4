import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes a file readable by the user only, atomically: a reader sees the old content or the new,
 * never half of one, and a crash mid-write leaves the old file in place.
 */
export function writePrivateFile(path: string, content: string): void {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(temporary, content, { mode: 0o600, flush: true });
    chmodSync(temporary, 0o600);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
