import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { AiJobRequestError, type AiJobs } from '../../actors/aiJob/aiJobs.ts';
import { targetLanguageMaxLength } from '../../actors/aiJob/translationWork.ts';
import type { SessionRecord } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { StoreError } from '../../store/storeError.ts';
import {
  transcriptRevisionKinds,
  transcriptRevisionStates,
  type TranscriptRevisionRecord,
} from '../../store/transcriptRevisionTable.ts';
import { errorResponse, sendJson } from '../responses.ts';
import { parseJsonBody } from './requestBody.ts';

const aiProvider = z
  .string()
  .min(1)
  .optional()
  .meta({ description: "The AI provider's name; else the session's topic's, else the default" });

export const correctionRequestSchema = z.object({ aiProvider }).strict();

export const translationRequestSchema = z
  .object({
    to: z
      .string({ error: 'Name the language to translate into, such as "de" or "German".' })
      .trim()
      .min(1, 'Name the language to translate into, such as "de" or "German".')
      .max(targetLanguageMaxLength, `A language name is at most ${targetLanguageMaxLength} characters.`)
      .meta({ description: 'The language to translate into, as a code (de) or a name (German)' }),
    aiProvider,
  })
  .strict();

const revisedSegmentSchema = z.object({
  seq: z.int().nonnegative().meta({ description: "The segment's position in the transcript" }),
  startMs: z.int().nonnegative(),
  endMs: z.int().nonnegative(),
  original: z.string().meta({ description: "The segment's text as transcribed, never changed" }),
  revised: z.string().meta({ description: 'The corrected or translated text' }),
  changed: z.boolean().meta({ description: 'Whether the revised text differs from the original' }),
});

const revisionSchema = z.object({
  kind: z.enum(transcriptRevisionKinds),
  language: z
    .string()
    .nullable()
    .meta({ description: 'The language translated into; null for a correction' }),
  state: z.enum(transcriptRevisionStates).meta({
    description:
      'pending while its AI job runs; a correction is then proposed until kept or discarded; a translation is kept at once; failed with the reason in error',
  }),
  segments: z.array(revisedSegmentSchema).meta({
    description: 'Every segment, in order; empty while pending, after a failure and once discarded',
  }),
  error: z.string().nullable(),
  jobId: z
    .string()
    .nullable()
    .meta({ description: 'The AI job that makes it (GET /control/v1/ai-jobs/{id})' }),
  createdAt: z.int().meta({ description: 'When it was asked for, epoch milliseconds' }),
  updatedAt: z.int(),
});

/** What `GET /sessions/:id/revisions`, keep and discard answer. */
export const transcriptRevisionsSchema = z.object({
  correction: revisionSchema
    .nullable()
    .meta({ description: 'The newest correction; null if none was asked for' }),
  translation: revisionSchema
    .nullable()
    .meta({ description: 'The newest translation; null if none was asked for' }),
  correctedTranscript: z
    .string()
    .nullable()
    .meta({ description: 'The kept correction, joined as the transcript is' }),
  translatedTranscript: z.string().nullable(),
});

export type TranscriptRevisions = z.infer<typeof transcriptRevisionsSchema>;

const correctionUsage = 'Send {"aiProvider"?: "<name>"}, or {}.';
const translationUsage = 'Send {"to": "<language>", "aiProvider"?: "<name>"}.';

/**
 * Corrected and translated transcripts on the control channel, relative to its base path:
 * - `POST /sessions/:id/corrections` `{aiProvider?}` → 202 the AI job's status; the correction shows
 *   `pending`, then `proposed`
 * - `POST /sessions/:id/translations` `{to, aiProvider?}` → 202 the AI job's status; the
 *   translation shows `pending`, then `kept` with `translatedTranscript` set
 * - `GET /sessions/:id/revisions` → {@link TranscriptRevisions}: each segment's original beside its
 *   revised text
 * - `POST /sessions/:id/corrections/keep` → the same, `correctedTranscript` now the correction
 * - `POST /sessions/:id/corrections/discard` → the same, the proposal dropped
 */
export function createTranscriptRevisionControl(dependencies: { store: SessionStore; aiJobs: AiJobs }): Hono {
  const { store, aiJobs } = dependencies;
  const app = new Hono();

  app.post('/sessions/:id/corrections', async (context) => {
    const parsed = await parseJsonBody(context, correctionRequestSchema, correctionUsage);
    if (!parsed.ok) return parsed.response;
    return started(context, () =>
      aiJobs.correct({ sessionId: context.req.param('id'), ...parsed.data }).status(),
    );
  });
  app.post('/sessions/:id/translations', async (context) => {
    const parsed = await parseJsonBody(context, translationRequestSchema, translationUsage);
    if (!parsed.ok) return parsed.response;
    const { to, ...rest } = parsed.data;
    return started(context, () =>
      aiJobs.translate({ sessionId: context.req.param('id'), targetLanguage: to, ...rest }).status(),
    );
  });
  app.get('/sessions/:id/revisions', (context) =>
    answered(context, (session) => revisionsOf(store, session)),
  );
  app.post('/sessions/:id/corrections/keep', (context) =>
    answered(context, (session) => revisionsOf(store, store.keepCorrection(session.id))),
  );
  app.post('/sessions/:id/corrections/discard', (context) =>
    answered(context, (session) => {
      store.discardCorrection(session.id);
      return revisionsOf(store, session);
    }),
  );

  function answered(context: Context, answer: (session: SessionRecord) => TranscriptRevisions): Response {
    const sessionId = context.req.param('id') ?? '';
    const session = store.getSession(sessionId);
    if (session === undefined) {
      return errorResponse('session_not_found', `There is no session ${sessionId}.`);
    }
    try {
      return sendJson(context, answer(session));
    } catch (error) {
      if (error instanceof StoreError) return errorResponse(error.code, error.message);
      throw error;
    }
  }

  return app;
}

function started(context: Context, start: () => unknown): Response {
  try {
    return sendJson(context, start(), 202);
  } catch (error) {
    if (error instanceof AiJobRequestError) return errorResponse(error.code, error.message);
    throw error;
  }
}

function revisionsOf(store: SessionStore, session: SessionRecord): TranscriptRevisions {
  const view = (record: TranscriptRevisionRecord | undefined) => {
    if (record === undefined) return null;
    const { sessionId: _sessionId, ...revision } = record;
    return {
      ...revision,
      segments: revision.segments.map((segment) => ({
        ...segment,
        changed: segment.revised !== segment.original,
      })),
    };
  };
  return {
    correction: view(store.getTranscriptRevision(session.id, 'correction')),
    translation: view(store.getTranscriptRevision(session.id, 'translation')),
    correctedTranscript: session.correctedTranscript,
    translatedTranscript: session.translatedTranscript,
  };
}
