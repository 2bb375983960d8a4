import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { errorResponse } from '../responses.ts';

/** How large one upload may be, and what to tell someone whose file is larger. */
export interface UploadLimit {
  maxBytes: number;
  /** A sentence after "The file is larger than …", such as "Cut it into parts first." */
  tooLargeAdvice: string;
}

export type ReceivedUpload = { ok: true; bytes: number } | { ok: false; response: Response };

class UploadTooLargeError extends Error {}

/**
 * Streams a request's body to a new user-only file at `path` (its folder made if need be), never
 * holding it in memory: the way a file reaches the service, since the service opens no path on a
 * caller's behalf. A body over the limit (by its declared length or as it streams), an empty one,
 * or one that breaks off is refused with the control channel's error, and leaves no file.
 */
export async function receiveUpload(
  request: Request,
  path: string,
  limit: UploadLimit,
): Promise<ReceivedUpload> {
  await mkdir(dirname(path), { recursive: true });
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit.maxBytes) return { ok: false, response: tooLarge(limit) };
  const body = request.body;
  if (body === null || declared === 0) return { ok: false, response: emptyBody() };

  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > limit.maxBytes ? new UploadTooLargeError() : null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as NodeReadableStream<Uint8Array>),
      counter,
      createWriteStream(path, { flags: 'wx', mode: 0o600 }),
    );
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof UploadTooLargeError) return { ok: false, response: tooLarge(limit) };
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      response: errorResponse('upload_failed', `The upload did not arrive whole (${reason}); send it again.`),
    };
  }
  if (bytes === 0) {
    await rm(path, { force: true });
    return { ok: false, response: emptyBody() };
  }
  return { ok: true, bytes };
}

function tooLarge(limit: UploadLimit): Response {
  return errorResponse(
    'upload_too_large',
    `The file is larger than ${formatBytes(limit.maxBytes)}, the most one upload may be. ${limit.tooLargeAdvice}`,
  );
}

function emptyBody(): Response {
  return errorResponse('empty_upload', 'The upload is empty; send the file itself as the request body.');
}

function formatBytes(bytes: number): string {
  const gibibytes = bytes / 1024 ** 3;
  if (gibibytes >= 1) return `${Number(gibibytes.toFixed(1))} GiB`;
  const mebibytes = bytes / 1024 ** 2;
  return mebibytes >= 1 ? `${Number(mebibytes.toFixed(1))} MiB` : `${bytes} bytes`;
}
