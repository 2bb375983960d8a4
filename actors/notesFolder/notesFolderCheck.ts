import { randomBytes } from 'node:crypto';
import { rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { notesFolderProblem } from './notesFolderProblem.ts';

/**
 * Whether notes can be written in `folder`, before it is chosen: an absolute path to a folder that
 * is there and that Earshot may write in (tried with a hidden file, removed at once). Answers what
 * is wrong, or undefined when it is fine.
 */
export async function notesFolderCheck(folder: string): Promise<string | undefined> {
  if (!isAbsolute(folder)) {
    return `Give the folder's full path, such as /home/you/Notes; "${folder}" is relative.`;
  }
  try {
    const found = await stat(folder);
    if (!found.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    const probe = join(folder, `.earshot-write-check.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(probe, '', { flag: 'wx', mode: 0o600 });
    } finally {
      await rm(probe, { force: true });
    }
    return undefined;
  } catch (error) {
    return notesFolderProblem(folder, error);
  }
}
