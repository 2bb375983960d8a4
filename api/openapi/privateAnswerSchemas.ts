/**
 * The bodies of the private routes' answers that are small enough to state here, for the full
 * OpenAPI document. The larger ones (provider views, the runtime panel, stored sessions, job
 * statuses) are described in words there, by the TypeScript type that shapes them.
 */
import { z } from 'zod';

import { errorBodySchemas } from '../schemas.ts';

const count = z.int().nonnegative();

export const serviceInfoSchema = z.object({
  version: z.string(),
  port: z.int().min(1).max(65_535),
  baseUrl: z.string().meta({ description: 'Where the service listens, such as http://127.0.0.1:23456' }),
  apiBaseUrl: z.string().meta({ description: 'The base URL of the read-only REST API' }),
  dataDirectory: z.string(),
});

export const apiAccessStateSchema = z.object({
  enabled: z.boolean().meta({ description: 'Whether the REST API answers' }),
  hasToken: z.boolean().meta({ description: 'Whether an API token exists (only its hash is kept)' }),
});

export const apiEnabledSchema = apiAccessStateSchema.extend({
  token: z
    .string()
    .optional()
    .meta({ description: 'Only when no token existed yet: the new one, shown this once' }),
});

export const apiTokenSchema = z.object({
  token: z.string().meta({ description: 'The new API token, shown this once; the old one stops working' }),
});

export const loginUrlSchema = z.object({
  url: z.string().meta({ description: 'A one-time login link for the browser, valid for 10 minutes' }),
});

export const transcriptionStartedSchema = z.object({
  jobId: z.string(),
  sessionId: z.string().meta({ description: 'The session the job records into' }),
});

export const liveStoppingSchema = z.object({
  sessionId: z.string(),
  state: z.literal('stopping').meta({ description: 'The clients following the session see it end' }),
});

export const questionStartedSchema = z.object({
  jobId: z.string().meta({ description: 'The AI job that answers; GET /control/v1/ai-jobs/{id} follows it' }),
  entryId: z.string().meta({ description: "The session's Q&A entry the answer is written into" }),
});

export const uploadReceiptSchema = z.object({
  upload: z.string().meta({ description: 'The id to pass to POST /control/v1/transcriptions {upload}' }),
  path: z.string().meta({ description: 'Where the file waits; the job removes it when it ends' }),
  bytes: z.int().positive(),
});

export const importCountsSchema = z.object({ sessions: count, topics: count, tags: count });

export const topicAnswerSchema = z.object({
  topic: z.object({ id: z.string(), name: z.string(), emoji: z.string(), description: z.string() }),
});

export const tagAnswerSchema = z.object({
  tag: z.object({ id: z.string(), name: z.string(), color: z.string().regex(/^#[0-9a-f]{6}$/) }),
});

export const providerCheckSchema = z.object({
  ok: z.boolean(),
  message: z.string().meta({ description: 'What the check found, with any stored secret left out' }),
});

/** A refused provider setting names the host the key would go to, to confirm with the next request. */
export const confirmationRequiredErrorSchema = errorBodySchemas.confirmation_required.extend({
  host: z.string().meta({ description: 'The place a stored key would be sent to from now on' }),
});
