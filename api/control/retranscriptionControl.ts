import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { RetranscriptionRequestError } from '../../actors/fileJob/retranscription.ts';
import type { TranscriptionJobs } from '../../actors/fileJob/transcriptionJobs.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { StoreError } from '../../store/storeError.ts';
import {
  transcriptVersionScopes,
  transcriptVersionStates,
  type TranscriptVersionRecord,
} from '../../store/transcriptVersionTable.ts';
import { errorResponse, sendJson } from '../responses.ts';
import { segmentWordSchema } from '../schemas.ts';
import { parseJsonBody } from './requestBody.ts';

export const retranscriptionRequestSchema = z
  .object({
    provider: z
      .string({ error: 'Name the speech provider, by id or label, such as "deepgram" or "P06".' })
      .trim()
      .min(1, 'Name the speech provider, by id or label, such as "deepgram" or "P06".')
      .meta({ description: 'The speech provider, by id or label; it must be configured' }),
    gapsOnly: z.boolean().optional().meta({
      description: 'Only where the audio has no transcript (an interruption’s hole); default false',
    }),
    keep: z
      .boolean()
      .optional()
      .meta({ description: 'Keep the new transcript as soon as it is made; default false (it is proposed)' }),
  })
  .strict();

const rangeSchema = z.object({ startMs: z.int().nonnegative(), endMs: z.int().nonnegative() });

export const transcriptVersionSchema = z.object({
  id: z.string(),
  providerId: z.string().meta({ description: 'The speech provider that made it' }),
  scope: z.enum(transcriptVersionScopes).meta({ description: 'whole: all the audio; gaps: only its gaps' }),
  ranges: z
    .array(rangeSchema)
    .meta({ description: 'The gaps transcribed, in the audio’s milliseconds; empty for whole' }),
  state: z.enum(transcriptVersionStates).meta({
    description:
      'pending while its job runs; proposed until kept or discarded; kept; discarded; failed (see error); superseded: the transcript a kept version replaced',
  }),
  segments: z
    .array(
      z.object({
        text: z.string(),
        startMs: z.int().nonnegative(),
        endMs: z.int().nonnegative(),
        speaker: z.string().nullable(),
        language: z.string().nullable(),
        words: z.array(segmentWordSchema).optional().meta({
          description: 'Its words with their times in the audio, where the provider timed them',
        }),
      }),
    )
    .meta({
      description: 'Its segments in time order (a gaps version: the new ones only); they grow while pending',
    }),
  keepWhenDone: z.boolean(),
  error: z.string().nullable(),
  jobId: z.string().nullable().meta({
    description: 'The file job that makes it (GET /control/v1/transcriptions/{id}); null when superseded',
  }),
  createdAt: z.int().meta({ description: 'Epoch milliseconds' }),
  updatedAt: z.int(),
});

export const transcriptVersionsSchema = z.object({
  versions: z.array(transcriptVersionSchema).meta({ description: 'Newest first' }),
});

export const retranscriptionStartedSchema = z.object({
  jobId: z.string().meta({ description: 'Follow it at GET /control/v1/transcriptions/{id}' }),
  sessionId: z.string(),
  version: transcriptVersionSchema,
});

const usage = 'Send {"provider": "<id or label>", "gapsOnly"?: true, "keep"?: true}.';

/**
 * A session transcribed again from its recorded audio, on the control channel, relative to its
 * base path:
 * - `POST /sessions/:id/retranscriptions` `{provider, gapsOnly?, keep?}` → 202 the job and its
 *   pending version; a proposal still waiting is discarded
 * - `GET /sessions/:id/versions` → `{versions}`, newest first
 * - `POST /sessions/:id/retranscriptions/keep` → the kept version: the transcript is replaced
 * - `POST /sessions/:id/retranscriptions/discard` → the version dropped; one still being made is
 *   cancelled first
 */
export function createRetranscriptionControl(dependencies: {
  store: SessionStore;
  jobs: TranscriptionJobs;
}): Hono {
  const { store, jobs } = dependencies;
  const app = new Hono();

  app.post('/sessions/:id/retranscriptions', async (context) => {
    const parsed = await parseJsonBody(context, retranscriptionRequestSchema, usage);
    if (!parsed.ok) return parsed.response;
    try {
      const { job, version } = await jobs.retranscribe({
        sessionId: context.req.param('id'),
        ...parsed.data,
      });
      return sendJson(context, { jobId: job.id, sessionId: job.sessionId, version: view(version) }, 202);
    } catch (error) {
      if (error instanceof RetranscriptionRequestError) return errorResponse(error.code, error.message);
      throw error;
    }
  });
  app.get('/sessions/:id/versions', (context) =>
    answered(context, (sessionId) => ({ versions: store.getTranscriptVersions(sessionId).map(view) })),
  );
  app.post('/sessions/:id/retranscriptions/keep', (context) =>
    answered(context, (sessionId) => view(store.keepTranscriptVersion(sessionId))),
  );
  app.post('/sessions/:id/retranscriptions/discard', async (context) => {
    const sessionId = context.req.param('id');
    const running = store.getTranscriptVersions(sessionId).find((version) => version.state === 'pending');
    if (running?.jobId != null) {
      jobs.cancel(running.jobId);
      await jobs.finished(running.jobId);
      return answered(context, () => view(store.getTranscriptVersion(running.id) ?? running));
    }
    return answered(context, () => view(store.discardTranscriptVersion(sessionId)));
  });

  function answered(context: Context, answer: (sessionId: string) => unknown): Response {
    const sessionId = context.req.param('id') ?? '';
    if (store.getSession(sessionId) === undefined) {
      return errorResponse('session_not_found', `There is no session ${sessionId}.`);
    }
    try {
      return sendJson(context, answer(sessionId));
    } catch (error) {
      if (error instanceof StoreError) return errorResponse(error.code, error.message);
      throw error;
    }
  }

  return app;
}

function view(version: TranscriptVersionRecord): z.infer<typeof transcriptVersionSchema> {
  const { sessionId: _sessionId, ...shown } = version;
  return shown;
}
