import { randomUUID } from 'node:crypto';
import { lstatSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { safeFileName } from './safeFileName.ts';

/**
 * Files the UI uploads for transcription (a browser cannot name a path on disk). Each lives in
 * `<dataDir>/uploads/` as `<uuid>-<original name>` until the job that transcribes it ends.
 */
export function uploadsDirectory(dataDirectory: string): string {
  return join(dataDirectory, 'uploads');
}

/** A new, unused path for an upload; the original name stays readable after the prefix. */
export function newUploadPath(dataDirectory: string, originalName: string): string {
  return join(uploadsDirectory(dataDirectory), `${randomUUID()}-${safeFileName(originalName, 'upload')}`);
}

const uploadFileName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(.+)$/;

/** The original name of an uploaded file at `path`, or undefined when `path` is not an upload. */
export function uploadedFileName(dataDirectory: string, path: string): string | undefined {
  const absolute = resolve(path);
  if (dirname(absolute) !== resolve(uploadsDirectory(dataDirectory))) return undefined;
  return uploadFileName.exec(basename(absolute))?.[1];
}

/**
 * The file of the upload named `upload` (the id `POST /uploads` answered: its file's name), or
 * undefined when that is not an upload still waiting in the uploads folder. Nothing outside that
 * folder can be named: the id is a bare file name of the upload pattern.
 */
export function uploadPath(dataDirectory: string, upload: string): string | undefined {
  if (basename(upload) !== upload || upload.includes('\\') || !uploadFileName.test(upload)) return undefined;
  const path = join(uploadsDirectory(dataDirectory), upload);
  try {
    return lstatSync(path).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: an upload that cannot be removed now goes at a later start (removeStaleUploads). */
export function removeUpload(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Left for the start-up sweep.
  }
}

/** Uploads older than this were left by a service that stopped before their job ended. */
export const staleUploadAgeMs = 24 * 60 * 60 * 1000;

/**
 * Removes uploads left over from earlier runs. Best effort: a file that cannot be removed now is
 * tried again at the next start, and never stops the service from starting.
 */
export function removeStaleUploads(dataDirectory: string, now: number = Date.now()): void {
  const directory = uploadsDirectory(dataDirectory);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(directory, name);
    try {
      if (now - statSync(path).mtimeMs > staleUploadAgeMs) rmSync(path, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to remove: the next start tries again.
    }
  }
}
