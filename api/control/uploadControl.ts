import { basename } from 'node:path';
import { Hono } from 'hono';
import { errorResponse } from '../responses.ts';
import { receiveUpload } from './receiveUpload.ts';
import { newUploadPath, removeStaleUploads } from '../../store/uploadedFiles.ts';

/** Larger than any recording people transcribe here, small enough to refuse a runaway stream. */
export const maxUploadBytes = 4 * 1024 ** 3;

/**
 * File uploads on the control channel, relative to its base path:
 * - `POST /uploads?name=<original file name>` with the file as the raw body → 201
 *   `{upload, path, bytes}`: `upload` is the id to pass to `POST /transcriptions {upload}`, `path`
 *   where the file waits; the job removes the file when it ends.
 *
 * The body is streamed to disk, never held in memory. A refused, failed or aborted upload leaves no
 * file. Created once per service start, it first removes uploads older than a day that an earlier
 * run left behind.
 */
export function createUploadControl(options: { dataDirectory: string; maxUploadBytes?: number }): Hono {
  const { dataDirectory } = options;
  const limit = {
    maxBytes: options.maxUploadBytes ?? maxUploadBytes,
    tooLargeAdvice: 'Cut it into parts first.',
  };
  removeStaleUploads(dataDirectory);
  const app = new Hono();
  app.post('/uploads', async (context) => {
    const name = context.req.query('name')?.trim() ?? '';
    if (name === '') {
      return errorResponse('invalid_request', 'Name the file: POST /uploads?name=<original file name>.', {
        fields: { name: 'Required: the original file name, with its extension.' },
      });
    }
    const path = newUploadPath(dataDirectory, name);
    const received = await receiveUpload(context.req.raw, path, limit);
    if (!received.ok) return received.response;
    return context.json({ upload: basename(path), path, bytes: received.bytes }, 201, {
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
