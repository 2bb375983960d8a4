import { Hono } from 'hono';
import { z } from 'zod';
import { AiJobRequestError, type AiJobs } from '../../actors/aiJob/aiJobs.ts';
import type { LibraryQuestionFilters } from '../../store/libraryQuestionTable.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { dayOrInstantField, instantOf } from '../dayOrInstant.ts';
import { errorResponse } from '../responses.ts';
import { parseJsonBody } from './requestBody.ts';

export const libraryQuestionRequestSchema = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, 'Ask a question: it is empty.')
      .meta({ description: 'The question, asked of every session the filters let through' }),
    topicId: z.string().min(1).optional().meta({ description: 'Only the sessions of this topic' }),
    tagId: z.string().min(1).optional().meta({ description: 'Only the sessions with this tag' }),
    from: dayOrInstantField('Only sessions that started on or after this day (YYYY-MM-DD) or time'),
    to: dayOrInstantField('Only sessions that started on or before this day (YYYY-MM-DD, all of it) or time'),
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
