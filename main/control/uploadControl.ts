import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import { controlError } from './controlError.ts';
import { newUploadPath, removeStaleUploads, uploadsDirectory } from './uploadedFiles.ts';

/** Larger than any recording people transcribe here, small enough to refuse a runaway stream. */
export const maxUploadBytes = 4 * 1024 ** 3;

class UploadTooLargeError extends Error {}

/**
 * File uploads on the control channel, relative to its base path:
 * - `POST /uploads?name=<original file name>` with the file as the raw body → 201 `{path, bytes}`,
 *   a path to pass to `POST /transcriptions`; the job removes the file when it ends.
 *
 * The body is streamed to disk, never held in memory. A refused, failed or aborted upload leaves no
 * file. Created once per service start, it first removes uploads older than a day that an earlier
 * run left behind.
 */
export function createUploadControl(options: { dataDirectory: string; maxUploadBytes?: number }): Hono {
  const { dataDirectory } = options;
  const limit = options.maxUploadBytes ?? maxUploadBytes;
  removeStaleUploads(dataDirectory);
  const app = new Hono();
  app.post('/uploads', async (context) => {
    const name = context.req.query('name')?.trim() ?? '';
    if (name === '') {
      return controlError(400, 'invalid_request', 'Name the file: POST /uploads?name=<original file name>.', {
        name: 'Required: the original file name, with its extension.',
      });
    }
    const declared = Number(context.req.header('content-length') ?? Number.NaN);
    if (declared > limit) return tooLarge(limit);
    const body = context.req.raw.body;
    if (body === null || declared === 0) return emptyBody();

    await mkdir(uploadsDirectory(dataDirectory), { recursive: true });
    const path = newUploadPath(dataDirectory, name);
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(bytes > limit ? new UploadTooLargeError() : null, chunk);
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
      if (error instanceof UploadTooLargeError) return tooLarge(limit);
      const reason = error instanceof Error ? error.message : String(error);
      return controlError(
        500,
        'upload_failed',
        `The upload did not arrive whole (${reason}); send it again.`,
      );
    }
    if (bytes === 0) {
      await rm(path, { force: true });
      return emptyBody();
    }
    return context.json({ path, bytes }, 201, { 'Cache-Control': 'no-store' });
  });
  return app;
}

function tooLarge(limit: number): Response {
  return controlError(
    413,
    'upload_too_large',
    `The file is larger than ${formatBytes(limit)}, the most one upload may be; cut it into parts first.`,
  );
}

function emptyBody(): Response {
  return controlError(400, 'empty_upload', 'The upload is empty; send the file itself as the request body.');
}

function formatBytes(bytes: number): string {
  const gibibytes = bytes / 1024 ** 3;
  return gibibytes >= 1 ? `${Number(gibibytes.toFixed(1))} GiB` : `${bytes} bytes`;
}
