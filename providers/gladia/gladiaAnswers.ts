import { z } from 'zod';

import { ProviderError } from '../http/providerError.ts';
import { metadata } from './metadata.ts';

/** The parts of Gladia's answers the file client relies on; anything else may change freely. */
export const uploadSchema = z.object({ audio_url: z.string().min(1) });

export const createdJobSchema = z.object({ id: z.string().min(1) });

const utteranceSchema = z.object({
  /** Seconds. */
  start: z.number(),
  end: z.number(),
  text: z.string(),
  language: z.string().nullish(),
});

export const jobSchema = z.object({
  /** `queued`, `processing`, `done` or `error`. */
  status: z.string(),
  error_code: z.number().nullish(),
  result: z
    .object({
      transcription: z.object({
        languages: z.array(z.string()).nullish(),
        utterances: z.array(utteranceSchema),
      }),
    })
    .nullish(),
});

export type GladiaTranscription = NonNullable<z.output<typeof jobSchema>['result']>['transcription'];

export function readAnswer<Answer>(schema: z.ZodType<Answer>, answer: unknown, what: string): Answer {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    throw new ProviderError('permanent', `${metadata.vendor} answered ${what} in an unexpected shape.`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
