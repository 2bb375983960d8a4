import { z } from 'zod';

/** The parts of Gladia's answers the file client relies on; anything else may change freely. */
export const uploadSchema = z.object({ audio_url: z.string().min(1) });

export const createdJobSchema = z.object({ id: z.string().min(1) });

/** A word as Gladia times it (seconds); its text carries the space before it. */
export const gladiaWordSchema = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
  confidence: z.number().nullish(),
});

/**
 * An utterance, in file results and live `transcript` messages alike. The SDK requires `words`;
 * it is read as optional all the same, so an utterance without them keeps its text.
 */
export const gladiaUtteranceSchema = z.object({
  /** Seconds. */
  start: z.number(),
  end: z.number(),
  text: z.string(),
  language: z.string().nullish(),
  /** With `diarization` only (files). */
  speaker: z.number().nullish(),
  words: z.array(gladiaWordSchema).nullish(),
});

export const jobSchema = z.object({
  /** `queued`, `processing`, `done` or `error`. */
  status: z.string(),
  error_code: z.number().nullish(),
  result: z
    .object({
      transcription: z.object({
        languages: z.array(z.string()).nullish(),
        utterances: z.array(gladiaUtteranceSchema),
      }),
    })
    .nullish(),
});

export type GladiaJob = z.output<typeof jobSchema>;

export type GladiaTranscription = NonNullable<GladiaJob['result']>['transcription'];
