import { chmod, copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { managedBinaryPath } from './runtimePaths.ts';
import { whisperServerProblem } from './whisperServerCheck.ts';

/**
 * Copies a whisper-server binary to `<dataDir>/runtime/bin/whisper-server`, after checking it runs
 * as whisper-server, and checks the copy again: a shared-library build finds its libraries by a
 * path next to where it was built, so it may stop working once moved.
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
          `beside it. Use it in place instead: earshot providers set whisper-cpp binaryPath=${source}`,
      );
    }
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return target;
}
