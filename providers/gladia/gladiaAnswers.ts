import { z } from 'zod';

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

export type GladiaJob = z.output<typeof jobSchema>;

export type GladiaTranscription = NonNullable<GladiaJob['result']>['transcription'];
