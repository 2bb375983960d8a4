import { chmod, copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { recordBinary } from './binaryRecord.ts';
import { managedBinaryPath } from './runtimePaths.ts';
import { whisperServerProblem } from './whisperServerCheck.ts';

/**
 * Copies a whisper-server binary to `<dataDir>/runtime/bin/whisper-server`, after checking it runs
 * as whisper-server, checks the copy again (a shared-library build finds its libraries by a path
 * next to where it was built, so it may stop working once moved) and records its sha256, without
 * which the runtime does not run it.
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
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  try {
    await copyFile(source, partial);
    await chmod(partial, 0o755);
    const copyProblem = await whisperServerProblem(partial);
    if (copyProblem !== undefined) {
      throw new Error(
        `${source} runs where it is but not once copied (${copyProblem}); it probably needs shared libraries ` +
          'beside it, and P14 runs only a copy in its own folder. `earshot runtime build` makes a self-contained one.',
      );
    }
    await rename(partial, target);
    await recordBinary(target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return target;
}
