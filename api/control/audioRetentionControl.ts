import { Hono } from 'hono';
import { z } from 'zod';
import { deleteExpiredAudio } from '../../actors/sessionAudio/expiredAudio.ts';
import {
  audioRetentionSchema,
  audioRetentionValueId,
  mostRetentionDays,
  readAudioRetention,
} from '../../store/audio/audioRetention.ts';
import { storedAudio } from '../../store/audio/sessionAudioFiles.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { parseJsonBody } from './requestBody.ts';

export const audioRetentionRequestSchema = z.strictObject({
  keep: audioRetentionSchema.meta({
    description: '"forever", "never" (live sessions record no audio), or days after which audio is deleted',
  }),
});

/** The answer of `GET`/`PUT /settings/audio-retention`. */
export const audioRetentionAnswerSchema = z.object({
  keep: z.union([z.literal('forever'), z.literal('never'), z.number()]),
  stored: z
    .object({
      sessions: z.number().meta({ description: 'Sessions with audio on disk' }),
      bytes: z.number().meta({ description: 'What their audio takes on disk, in bytes' }),
    })
    .meta({ description: 'The audio kept now, after any deletion this request made' }),
});
export type AudioRetentionAnswer = z.infer<typeof audioRetentionAnswerSchema>;

const usage = `Send {"keep": "forever" | "never" | <days, 1 to ${mostRetentionDays}>}.`;

/**
 * How long recorded audio is kept, on the control channel (store/audio/audioRetention.ts):
 * - `GET /settings/audio-retention` → `{keep, stored: {sessions, bytes}}`
 * - `PUT /settings/audio-retention` `{keep}` → the same; a number of days deletes at once the audio
 *   already past it, and the service goes on doing so every hour
 */
export function createAudioRetentionControl(dependencies: {
  store: SessionStore;
  dataDirectory: string;
}): Hono {
  const { store, dataDirectory } = dependencies;
  const app = new Hono();
  const answer = () => ({
    keep: readAudioRetention(store.getSetting(audioRetentionValueId)),
    stored: storedAudio(dataDirectory),
  });

  app.get('/settings/audio-retention', (context) =>
    context.json(answer(), 200, { 'Cache-Control': 'no-store' }),
  );

  app.put('/settings/audio-retention', async (context) => {
    const parsed = await parseJsonBody(context, audioRetentionRequestSchema, usage);
    if (!parsed.ok) return parsed.response;
    store.setSetting(audioRetentionValueId, parsed.data.keep);
    deleteExpiredAudio(store, dataDirectory);
    return context.json(answer(), 200, { 'Cache-Control': 'no-store' });
  });

  return app;
}
