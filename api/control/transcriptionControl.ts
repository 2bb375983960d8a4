import { Hono } from 'hono';
import { z } from 'zod';
import { errorResponse } from '../responses.ts';
import { uploadPath } from '../../store/uploadedFiles.ts';
import { TranscriptionRequestError, type TranscriptionJobs } from '../../actors/fileJob/transcriptionJobs.ts';

export const requestSchema = z
  .object({
    upload: z.string(),
    provider: z.string().optional(),
    language: z.string().optional(),
    title: z.string().optional(),
  })
  .strict();

/**
 * File transcription on the control channel, relative to its base path (mount it at
 * `/control/v1`, behind the launch-secret check):
 * - `POST /transcriptions` `{upload, provider?, language?, title?}` → 202 `{jobId, sessionId}`, where
 *   `upload` is what `POST /uploads` answered: the service transcribes only what it was sent and
 *   opens no path on a caller's behalf, so `{path}` is refused and nothing is read for it.
 * - `GET /transcriptions` → `{jobs}`: the newest jobs' statuses first, earlier runs' included
 * - `GET /transcriptions/:id` → the job's status (state, progress, chunk, error)
 * - `POST /transcriptions/:id/cancel` → the status as the cancel begins
 */
export function createTranscriptionControl(jobs: TranscriptionJobs, dataDirectory: string): Hono {
  const app = new Hono();
  app.post('/transcriptions', async (context) => {
    const body: unknown = await context.req.json().catch(() => undefined);
    if (typeof body === 'object' && body !== null && 'path' in body) {
      return errorResponse('path_not_accepted', `The service does not open files by path. ${howToSend}`);
    }
    const parsed = requestSchema.safeParse(body);
    if (!parsed.success) {
      return errorResponse(
        'invalid_request',
        `Send {"upload": "<id>", "provider"?: "<id or label>", "language"?: "<ISO 639-1>", "title"?: "<text>"}. ${howToSend}`,
      );
    }
    const { upload, ...options } = parsed.data;
    const path = uploadPath(dataDirectory, upload);
    if (path === undefined) {
      return errorResponse(
        'upload_not_found',
        `There is no upload "${upload}" waiting (each is removed when its job ends). ${howToSend}`,
      );
    }
    try {
      const job = jobs.start({ ...options, path });
      return context.json({ jobId: job.id, sessionId: job.sessionId }, 202);
    } catch (error) {
      if (error instanceof TranscriptionRequestError) return errorResponse('invalid_request', error.message);
      throw error;
    }
  });
  app.get('/transcriptions', (context) => context.json({ jobs: jobs.list() }));
  app.get('/transcriptions/:id', (context) => {
    const status = jobs.get(context.req.param('id'));
    return status === undefined ? noSuchJob(context.req.param('id')) : context.json(status);
  });
  app.post('/transcriptions/:id/cancel', (context) => {
    const status = jobs.cancel(context.req.param('id'));
    return status === undefined ? noSuchJob(context.req.param('id')) : context.json(status);
  });
  return app;
}

const howToSend =
  'Send the file itself first: POST /control/v1/uploads?name=<file name> with its content as the body, ' +
  'then POST /control/v1/transcriptions {"upload": "<the upload id it answers>"}; ' +
  '`earshot transcribe FILE` does both.';

function noSuchJob(id: string): Response {
  return errorResponse(
    'job_not_found',
    `There is no transcription job ${id}; ended jobs are kept for a while only.`,
  );
}
