import { chmod, copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { recordBinary } from './binaryRecord.ts';
import { fileSha256 } from './fileSha256.ts';
import { incomingCopyPath, removeAbandonedCopies } from './incomingFiles.ts';
import { moveIntoPlace } from './moveIntoPlace.ts';
import { incomingDirectory, managedBinaryPath } from './runtimePaths.ts';
import { whisperServerProblem } from './whisperServerCheck.ts';

/**
 * Copies a whisper-server binary to `<dataDir>/runtime/bin/whisper-server`, after checking it runs
 * as whisper-server, checks the copy again (a shared-library build finds its libraries by a path
 * next to where it was built, so it may stop working once moved) and records its sha256, without
 * which the runtime does not run it. The copy is made in `runtime/incoming/` and moved into place
 * whole; the record, of the bytes that were checked, is written after it. So a crash at any moment
 * leaves the binary from before with its record, or the new one whole, which the runtime refuses
 * until its record is written (an older record fits only the same bytes): never part of a binary,
 * nor one the runtime runs before this import has vouched for it.
 */
export async function importBinary(sourcePath: string, dataDirectory: string): Promise<string> {
  const source = resolve(sourcePath);
  const found = await stat(source).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read ${source}: ${error.code === 'ENOENT' ? 'no such file' : error.message}.`);
  });
  if (!found.isFile()) throw new Error(`${source} is not a file.`);
  const problem = await whisperServerProblem(source);
  if (problem !== undefined) throw new Error(`${source} is not a usable whisper-server: ${problem}.`);

  const target = managedBinaryPath(dataDirectory);
  const incoming = incomingDirectory(dataDirectory);
  await mkdir(dirname(target), { recursive: true });
  await mkdir(incoming, { recursive: true });
  await removeAbandonedCopies(incoming);
  const copy = incomingCopyPath(incoming, basename(target));
  try {
    await copyFile(source, copy);
    await chmod(copy, 0o755);
    const copyProblem = await whisperServerProblem(copy);
    if (copyProblem !== undefined) {
      throw new Error(
        `${source} runs where it is but not once copied (${copyProblem}); it probably needs shared libraries ` +
          'beside it, and P14 runs only a copy in its own folder. `earshot runtime build` makes a self-contained one.',
      );
    }
    const sha256 = await fileSha256(copy);
    await moveIntoPlace(copy, target);
    await recordBinary(target, sha256);
  } catch (error) {
    await rm(copy, { force: true });
    throw error;
  }
  return target;
}
