import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh directory and the function that removes it. */
export function temporaryDirectory(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `earshot-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
