import { z } from 'zod';

/** The parts of Soniox's answers the file client relies on; anything else may change freely. */
export const uploadedFileSchema = z.object({ id: z.string().min(1) });

export const transcriptionSchema = z.object({
  id: z.string().min(1),
  /** `queued`, `processing`, `completed` or `error`. */
  status: z.string(),
  error_message: z.string().nullish(),
  /** The uploaded file it transcribes; null for one created from an audio_url. */
  file_id: z.string().nullish(),
});

export type SonioxTranscription = z.output<typeof transcriptionSchema>;

export const transcriptTokenSchema = z.object({
  text: z.string(),
  start_ms: z.number().nullish(),
  end_ms: z.number().nullish(),
  /** 0–1; required in the SDK's TranscriptToken, read as optional all the same. */
  confidence: z.number().nullish(),
  speaker: z.string().nullish(),
  language: z.string().nullish(),
  translation_status: z.string().nullish(),
  is_audio_event: z.boolean().nullish(),
});

export type TranscriptToken = z.output<typeof transcriptTokenSchema>;

export const transcriptSchema = z.object({ tokens: z.array(transcriptTokenSchema) });
