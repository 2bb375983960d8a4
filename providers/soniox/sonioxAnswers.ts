import { z } from 'zod';

import { ProviderError } from '../http/providerError.ts';
import { metadata } from './metadata.ts';

/** The parts of Soniox's answers the file client relies on; anything else may change freely. */
export const uploadedFileSchema = z.object({ id: z.string().min(1) });

export const transcriptionSchema = z.object({
  id: z.string().min(1),
  /** `queued`, `processing`, `completed` or `error`. */
  status: z.string(),
  error_message: z.string().nullish(),
});

export const transcriptTokenSchema = z.object({
  text: z.string(),
  start_ms: z.number().nullish(),
  end_ms: z.number().nullish(),
  speaker: z.string().nullish(),
  language: z.string().nullish(),
  translation_status: z.string().nullish(),
  is_audio_event: z.boolean().nullish(),
});

export type TranscriptToken = z.output<typeof transcriptTokenSchema>;

export const transcriptSchema = z.object({ tokens: z.array(transcriptTokenSchema) });

export function readAnswer<Answer>(schema: z.ZodType<Answer>, answer: unknown, what: string): Answer {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    throw new ProviderError('permanent', `${metadata.vendor} answered ${what} in an unexpected shape.`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
