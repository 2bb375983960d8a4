import { Hono } from 'hono';
import { z } from 'zod';
import { controlError } from './control/controlError.ts';
import { TranscriptionRequestError, type TranscriptionJobs } from './transcriptionJobs.ts';

const requestSchema = z
  .object({
    path: z.string(),
    provider: z.string().optional(),
    language: z.string().optional(),
    title: z.string().optional(),
  })
  .strict();

/**
 * File transcription on the control channel, relative to its base path (mount it at
 * `/control/v1`, behind the launch-secret check):
 * - `POST /transcriptions` `{path, provider?, language?, title?}` → 202 `{jobId, sessionId}`
 * - `GET /transcriptions/:id` → the job's status (state, progress, chunk, error)
 * - `POST /transcriptions/:id/cancel` → the status as the cancel begins
 */
export function createTranscriptionControl(jobs: TranscriptionJobs): Hono {
  const app = new Hono();
  app.post('/transcriptions', async (context) => {
    const parsed = requestSchema.safeParse(await context.req.json().catch(() => undefined));
    if (!parsed.success) {
      return controlError(
        400,
        'invalid_request',
        'Send {"path": "<absolute file path>", "provider"?: "<id or label>", "language"?: "<ISO 639-1>", "title"?: "<text>"}.',
      );
    }
    try {
      const job = jobs.start(parsed.data);
      return context.json({ jobId: job.id, sessionId: job.sessionId }, 202);
    } catch (error) {
      if (error instanceof TranscriptionRequestError)
        return controlError(400, 'invalid_request', error.message);
      throw error;
    }
  });
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

function noSuchJob(id: string): Response {
  return controlError(
    404,
    'job_not_found',
    `There is no transcription job ${id}; ended jobs are kept for a while only.`,
  );
}
