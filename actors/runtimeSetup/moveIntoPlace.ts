import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Makes a finished file the one at `target` in a single step: its bytes are flushed to the disk
 * first, so that not even a power cut can leave `target` naming a file whose end was never
 * written, then it is renamed over `target`, and the folder is flushed so the rename itself lasts.
 * A crash at any moment leaves either the old `target` (or none) or the whole new one.
 */
export async function moveIntoPlace(finished: string, target: string): Promise<void> {
  await flush(finished);
  await rename(finished, target);
  await flush(dirname(target));
}

async function flush(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
