import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { fileSha256 } from './fileSha256.ts';
import { hasGgmlMagic } from './ggmlModelFile.ts';
import { incomingCopyPath, removeAbandonedCopies } from './incomingFiles.ts';
import { moveIntoPlace } from './moveIntoPlace.ts';
import { incomingDirectory, modelsDirectory } from './runtimePaths.ts';

export interface ImportedModel {
  path: string;
  /** An identical file was already there, so nothing was copied. */
  alreadyPresent: boolean;
}

/**
 * Copies a whisper.cpp ggml model into `<dataDir>/runtime/models/` after checking its magic bytes,
 * under its own name or, for an upload kept under another, under `fileName`. A different file with
 * the same name is kept: the new one gets a numbered name.
 */
export async function importModel(
  sourcePath: string,
  dataDirectory: string,
  fileName?: string,
): Promise<ImportedModel> {
  const source = resolve(sourcePath);
  const shown = fileName ?? source;
  const found = await stat(source).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read ${shown}: ${error.code === 'ENOENT' ? 'no such file' : error.message}.`);
  });
  if (!found.isFile()) throw new Error(`${shown} is not a file.`);
  if (!(await hasGgmlMagic(source))) {
    throw new Error(
      `${shown} is not a whisper.cpp model: it does not start with the ggml magic bytes. ` +
        'Use one of the ggml-*.bin files from the whisper.cpp model host.',
    );
  }
  const directory = modelsDirectory(dataDirectory);
  const incoming = incomingDirectory(dataDirectory);
  await mkdir(directory, { recursive: true });
  await mkdir(incoming, { recursive: true });
  await removeAbandonedCopies(incoming);
  const name = basename(fileName ?? source);
  const extension = extname(name) || '.bin';
  const stem = basename(name, extname(name));
  for (let attempt = 1; ; attempt++) {
    const target = join(directory, attempt === 1 ? `${stem}${extension}` : `${stem}-${attempt}${extension}`);
    if (target === source) return { path: target, alreadyPresent: true };
    const existing = await stat(target).catch(() => undefined);
    if (existing === undefined) {
      await copyInto(source, target, incoming);
      return { path: target, alreadyPresent: false };
    }
    if (existing.size === found.size && (await fileSha256(target)) === (await fileSha256(source))) {
      return { path: target, alreadyPresent: true };
    }
  }
}

/**
 * Copies into `incoming` first and moves the whole copy into place, so the runtime never loads half
 * a model; a copy cut off by a crash stays in `incoming`, where the next import removes it.
 */
async function copyInto(source: string, target: string, incoming: string): Promise<void> {
  const copy = incomingCopyPath(incoming, basename(target));
  try {
    await copyFile(source, copy);
    await moveIntoPlace(copy, target);
  } catch (error) {
    await rm(copy, { force: true });
    throw error;
  }
}
