import { openAsBlob } from 'node:fs';

/** The file at `path`, to send to the service as it is read; an error names the file when it cannot be opened. */
export async function fileBlob(path: string): Promise<Blob> {
  return openAsBlob(path).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}.`, {
      cause: error,
    });
  });
}
