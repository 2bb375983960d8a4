import { Hono } from 'hono';
import { z } from 'zod';
import { digestArtefacts } from '../../ai/artefacts/sessionDigest.ts';
import { AiJobRequestError, type AiJobs } from '../../actors/aiJob/aiJobs.ts';
import { errorResponse } from '../responses.ts';
import { parseJsonBody } from './requestBody.ts';

export const aiJobRequestSchema = z
  .object({
    artefacts: z
      .array(z.enum(digestArtefacts))
      .min(1)
      .optional()
      .meta({ description: 'What to make; all five when left out' }),
    aiProvider: z
      .string()
      .min(1)
      .optional()
      .meta({ description: "The AI provider's name; else the session's topic's, else the default" }),
  })
  .strict();

export const questionRequestSchema = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, 'Ask a question: it is empty.')
      .meta({ description: 'The question about the session' }),
    aiProvider: z
      .string()
      .min(1)
      .optional()
      .meta({ description: "The AI provider's name; else the session's topic's, else the default" }),
  })
  .strict();

/** What `POST /sessions/:id/questions` answers: the job that answers, and the Q&A entry it writes. */
export interface QuestionStarted {
  jobId: string;
  entryId: string;
}

const questionUsage = 'Send {"question": "<question>", "aiProvider"?: "<name>"}.';

const usage = `Send {"artefacts"?: [${digestArtefacts.map((name) => `"${name}"`).join(', ')}], "aiProvider"?: "<name>"}.`;

/**
 * AI jobs on the control channel, relative to its base path:
 * - `POST /sessions/:id/ai-jobs` `{artefacts?, aiProvider?}` → 202 the job's status; the session's
 *   `postProcess.status` / `mindMap.status` show `pending` from then on
 * - `POST /sessions/:id/questions` `{question, aiProvider?}` → 202 `{jobId, entryId}`; the session's
 *   Q&A entry `entryId` shows `pending` from then on, its answer growing as the model writes
 * - `GET /ai-jobs` → `{jobs}`, newest first, earlier runs' included
 * - `GET /ai-jobs/:id` → the job's status (state, part N of M, error)
 * - `POST /ai-jobs/:id/cancel` → the status as the cancel begins
 */
export function createAiJobControl(aiJobs: AiJobs): Hono {
  const app = new Hono();
  app.post('/sessions/:id/ai-jobs', async (context) => {
    const parsed = await parseJsonBody(context, aiJobRequestSchema, usage);
    if (!parsed.ok) return parsed.response;
    const sessionId = context.req.param('id');
    try {
      return context.json(aiJobs.start({ sessionId, ...parsed.data }).status(), 202);
    } catch (error) {
      if (error instanceof AiJobRequestError) return errorResponse(error.code, error.message);
      throw error;
    }
  });
  app.post('/sessions/:id/questions', async (context) => {
    const parsed = await parseJsonBody(context, questionRequestSchema, questionUsage);
    if (!parsed.ok) return parsed.response;
    const sessionId = context.req.param('id');
    try {
      const { job, entryId } = aiJobs.ask({ sessionId, ...parsed.data });
      return context.json({ jobId: job.id, entryId } satisfies QuestionStarted, 202);
    } catch (error) {
      if (error instanceof AiJobRequestError) return errorResponse(error.code, error.message);
      throw error;
    }
  });
  app.get('/ai-jobs', (context) => context.json({ jobs: aiJobs.list() }));
  app.get('/ai-jobs/:id', (context) => {
    const status = aiJobs.get(context.req.param('id'));
    return status === undefined ? noSuchJob(context.req.param('id')) : context.json(status);
  });
  app.post('/ai-jobs/:id/cancel', (context) => {
    const status = aiJobs.cancel(context.req.param('id'));
    return status === undefined ? noSuchJob(context.req.param('id')) : context.json(status);
  });
  return app;
}

function noSuchJob(id: string): Response {
  return errorResponse('job_not_found', `There is no AI job ${id}; GET /control/v1/ai-jobs lists them.`);
}
