import { Hono } from 'hono';
import { z } from 'zod';
import { AiJobRequestError, type AiJobs } from '../../actors/aiJob/aiJobs.ts';
import type { LibraryQuestionFilters } from '../../store/libraryQuestionTable.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { errorResponse } from '../responses.ts';
import { parseJsonBody } from './requestBody.ts';

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day (`2026-11-02`, in the service's time zone, which is the user's: it runs on their machine)
 * or an instant with its offset (`2026-11-02T09:00:00Z`), as the instant that starts it or, for
 * `end`, the last millisecond of a day.
 */
function instantOf(text: string, end: boolean): number {
  const day = dayPattern.exec(text);
  if (day === null) return /T.*(Z|[+-]\d{2}:?\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  const [, year, month, date] = day.map(Number) as [number, number, number, number];
  const start = new Date(year, month - 1, date);
  if (start.getMonth() !== month - 1) return Number.NaN;
  return end ? new Date(year, month - 1, date + 1).getTime() - 1 : start.getTime();
}

const dateField = (description: string) =>
  z
    .string()
    .refine((text) => Number.isFinite(instantOf(text, false)), {
      error: 'A day as YYYY-MM-DD, or a time as ISO 8601 with its offset (2026-11-02T09:00:00Z)',
    })
    .optional()
    .meta({ description });

export const libraryQuestionRequestSchema = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, 'Ask a question: it is empty.')
      .meta({ description: 'The question, asked of every session the filters let through' }),
    topicId: z.string().min(1).optional().meta({ description: 'Only the sessions of this topic' }),
    tagId: z.string().min(1).optional().meta({ description: 'Only the sessions with this tag' }),
    from: dateField('Only sessions that started on or after this day (YYYY-MM-DD) or time'),
    to: dateField('Only sessions that started on or before this day (YYYY-MM-DD, all of it) or time'),
    aiProvider: z
      .string()
      .min(1)
      .optional()
      .meta({ description: "The AI provider's name; else the topic's, else the default" }),
  })
  .strict();

/** What `POST /questions` answers: the job that answers, and the question it writes into. */
export interface LibraryQuestionStarted {
  jobId: string;
  questionId: string;
}

const usage =
  'Send {"question": "<question>", "topicId"?: "<id>", "tagId"?: "<id>", "from"?: "YYYY-MM-DD", "to"?: "YYYY-MM-DD", "aiProvider"?: "<name>"}.';

/** Questions kept and listed: the newest this many. */
const questionsListed = 100;

/**
 * Questions asked of the library on the control channel, relative to its base path:
 * - `POST /questions` `{question, topicId?, tagId?, from?, to?, aiProvider?}` → 202
 *   `{jobId, questionId}`; the question shows `pending` from then on
 * - `GET /questions` → `{questions}`, newest first, at most 100
 * - `GET /questions/:id` → the question: its answer growing while `pending`, with its citations
 *   once `success`; the reason in `error` when it failed
 */
export function createLibraryQuestionControl({
  aiJobs,
  store,
}: {
  aiJobs: AiJobs;
  store: SessionStore;
}): Hono {
  const app = new Hono();
  app.post('/questions', async (context) => {
    const parsed = await parseJsonBody(context, libraryQuestionRequestSchema, usage);
    if (!parsed.ok) return parsed.response;
    const { question, aiProvider, ...asked } = parsed.data;
    const filters: LibraryQuestionFilters = {
      ...(asked.topicId === undefined ? {} : { topicId: asked.topicId }),
      ...(asked.tagId === undefined ? {} : { tagId: asked.tagId }),
      ...(asked.from === undefined ? {} : { from: new Date(instantOf(asked.from, false)).toISOString() }),
      ...(asked.to === undefined ? {} : { to: new Date(instantOf(asked.to, true)).toISOString() }),
    };
    if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) {
      return errorResponse('invalid_request', `"from" (${asked.from}) is after "to" (${asked.to}).`);
    }
    try {
      const { job, questionId } = aiJobs.askLibrary({ question, filters, aiProvider });
      return context.json({ jobId: job.id, questionId } satisfies LibraryQuestionStarted, 202);
    } catch (error) {
      if (error instanceof AiJobRequestError) return errorResponse(error.code, error.message);
      throw error;
    }
  });
  app.get('/questions', (context) =>
    context.json({ questions: store.listLibraryQuestions(questionsListed) }),
  );
  app.get('/questions/:id', (context) => {
    const question = store.getLibraryQuestion(context.req.param('id'));
    return question === undefined
      ? errorResponse(
          'question_not_found',
          `There is no question ${context.req.param('id')}; GET /control/v1/questions lists them.`,
        )
      : context.json(question);
  });
  return app;
}
