import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest's global setup: the child processes the tests start are recorded in a folder of this
 * run's own, not in the user's state folder. A test's service that starts then reaps only what
 * the tests left behind, never the children of an Earshot the user is running.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'earshot-test-children-'));
  process.env.EARSHOT_CHILD_RECORDS = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
