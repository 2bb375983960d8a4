import { Hono } from 'hono';
import { z } from 'zod';
import { longestSpeakerName } from '../../store/speakerNames.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { StoreError } from '../../store/storeError.ts';
import { errorResponse, sendJson } from '../responses.ts';
import { parseJsonBody } from './requestBody.ts';
import { trimmedText } from './textField.ts';

export const speakerRenameSchema = z
  .object({
    label: z.string({ error: 'The speaker label its segments carry, e.g. "Speaker 1".' }).min(1, {
      error: 'The speaker label its segments carry, e.g. "Speaker 1".',
    }),
    name: trimmedText(0, longestSpeakerName),
  })
  .strict();

/** The answer of both routes. */
export const sessionSpeakersSchema = z.object({
  speakers: z.array(
    z.object({
      label: z.string().meta({ description: 'The speaker label the segments carry' }),
      name: z
        .string()
        .nullable()
        .meta({ description: 'The name shown for it; null while the label is shown' }),
    }),
  ),
});

const renameUsage = `Send {"label": "<a speaker label of the session>", "name": "<0–${longestSpeakerName} characters; empty gives back the label>"}.`;

/**
 * The names of a session's speakers, relative to the control channel's base path:
 * - `GET /sessions/:id/speakers` → `{speakers: [{label, name}]}`, in order of first appearance;
 *   `name` is null for a speaker shown by its label
 * - `PUT /sessions/:id/speakers` `{label, name}` → `{speakers}`; an empty name gives the label back
 */
export function createSpeakerControl(dependencies: { store: SessionStore }): Hono {
  const { store } = dependencies;
  const app = new Hono();

  app.get('/sessions/:id/speakers', (context) =>
    refusedByStore(() => sendJson(context, { speakers: store.getSpeakers(context.req.param('id')) })),
  );

  app.put('/sessions/:id/speakers', async (context) => {
    const id = context.req.param('id');
    const unknownSession = refusedByStore(() => void store.getSpeakers(id));
    if (unknownSession !== undefined) return unknownSession;
    const parsed = await parseJsonBody(context, speakerRenameSchema, renameUsage);
    if (!parsed.ok) return parsed.response;
    const { label, name } = parsed.data;
    return refusedByStore(() => sendJson(context, { speakers: store.renameSpeaker(id, label, name) }));
  });

  return app;
}

/** What `work` answers, or the store's refusal as an error response naming its cause. */
function refusedByStore<T extends Response | undefined>(work: () => T): T | Response {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return errorResponse(error.code, error.message, {
      ...(error.code === 'unknown_speaker' ? { fields: { label: error.message } } : {}),
    });
  }
}
