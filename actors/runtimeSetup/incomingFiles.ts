import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isProcessAlive } from './runtimeRecord.ts';

/**
 * The files in `<dataDir>/runtime/incoming/` (see `incomingDirectory`) are named after the process
 * that writes them, so no two writers ever share one, and what a crash (a `kill -9` of the service)
 * leaves behind is told apart from work under way by whether that process is still there:
 * - `<name>.<pid>.<random>.copy`: an imported model or binary, or a built binary, being copied in.
 *   Once its process is gone it is of no use, and the next import or download removes it.
 * - `<name>.<pid>.download`: the bytes of a model download under way, and `<name>.download` those
 *   of one that stopped (a cut connection, a failed request) and let go of them. Either, once no
 *   process is writing it, is continued by the next download of that model, which claims it by
 *   renaming it to its own name: a rename happens once, so only one download can.
 * A download's file is kept until a download of that model finishes or finds it unusable: at most
 * one per model, never longer than the model itself, and listed by `earshot runtime status`.
 */

const copyPattern = /\.(\d+)\.[0-9a-f]+\.copy$/;
const downloadPattern = /^(.+?)(?:\.(\d+))?\.download$/;

/** A new file, this process's own, to copy `name` into before it is moved into place. */
export function incomingCopyPath(directory: string, name: string): string {
  return join(directory, `${name}.${process.pid}.${randomBytes(4).toString('hex')}.copy`);
}

/** Removes the copies whose process is gone: they were cut off and nothing continues them. */
export async function removeAbandonedCopies(directory: string): Promise<void> {
  for (const entry of await entries(directory)) {
    const owner = copyPattern.exec(entry)?.[1];
    if (owner !== undefined && !isProcessAlive(Number(owner))) {
      await rm(join(directory, entry), { force: true });
    }
  }
}

export interface ClaimedDownload {
  /** This process's file for the download, holding the bytes an earlier attempt kept, if any. */
  path: string;
  /** Lets go of the bytes on disk, for the next download of the model to continue. */
  release(): Promise<void>;
}

/**
 * Makes `<name>.<pid>.download` this process's file for downloading `name`, taking over what an
 * earlier download that stopped or was killed left (the longest such file; any other is removed).
 * Refuses while another download of `name`, in this process or another, is under way.
 */
export async function claimDownload(directory: string, name: string): Promise<ClaimedDownload> {
  const own = join(directory, `${name}.${process.pid}.download`);
  const released = join(directory, `${name}.download`);
  const claimed = { path: own, release: () => rename(own, released).catch(ignoreMissing) };
  for (;;) {
    const left: Array<{ path: string; bytes: number }> = [];
    for (const entry of await entries(directory)) {
      const found = downloadPattern.exec(entry);
      if (found?.[1] !== name) continue;
      const path = join(directory, entry);
      const owner = found[2] === undefined ? undefined : Number(found[2]);
      if (owner !== undefined && isProcessAlive(owner)) {
        throw new Error(
          `${name} is already being downloaded (process ${owner}, into ${path}). Wait for that download to ` +
            'end; if no such download is running, remove that file and try again.',
        );
      }
      left.push({ path, bytes: (await stat(path).catch(() => undefined))?.size ?? 0 });
    }
    const [longest, ...others] = left.sort((first, second) => second.bytes - first.bytes);
    if (longest === undefined) return claimed;
    try {
      await rename(longest.path, own);
    } catch (error) {
      // Another download claimed it first: look again, and find that one under way.
      ignoreMissing(error);
      continue;
    }
    for (const other of others) await rm(other.path, { force: true });
    return claimed;
  }
}

/** Downloads not finished yet, under way or kept for the next attempt, by their model's file name. */
export async function unfinishedDownloads(
  directory: string,
): Promise<Array<{ name: string; bytes: number }>> {
  const unfinished: Array<{ name: string; bytes: number }> = [];
  for (const entry of (await entries(directory)).sort()) {
    const name = downloadPattern.exec(entry)?.[1];
    const found = await stat(join(directory, entry)).catch(() => undefined);
    if (name !== undefined && found?.isFile() === true) unfinished.push({ name, bytes: found.size });
  }
  return unfinished;
}

async function entries(directory: string): Promise<string[]> {
  return readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
