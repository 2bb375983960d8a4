import { z } from 'zod';

import { endpointField, languageHintsField, secretField } from '../configFields.ts';

export const sonioxConfigSchema = z
  .object({
    apiKey: secretField(
      'apiKey',
      'API key',
      'Your Soniox API key, from the Soniox console (console.soniox.com).',
    ),
    /** A real-time model; file jobs use the asynchronous model of the same generation. */
    model: z
      .string({ error: 'model must be a Soniox real-time model such as stt-rt-v5' })
      .trim()
      .regex(/^stt-rt-[a-z0-9.-]+$/, 'model must be a Soniox real-time model such as stt-rt-v5')
      .default('stt-rt-v5')
      .meta({
        title: 'Model',
        description:
          'A Soniox real-time model, such as stt-rt-v5; files use the matching asynchronous model.',
      }),
    languageHints: languageHintsField(),
    translationEnabled: z.boolean({ error: 'translationEnabled must be true or false' }).default(false).meta({
      title: 'Translate while listening',
      description: 'Shows each line translated into the language below, beside what was said.',
    }),
    translationTargetLanguage: z
      .string({ error: 'translationTargetLanguage must be a two-letter ISO 639-1 code, such as fr' })
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, 'translationTargetLanguage must be a two-letter ISO 639-1 code, such as fr')
      .optional()
      .meta({
        title: 'Translate into',
        description: 'A two-letter ISO 639-1 code such as fr; needed when translation is on.',
      }),
    enableSpeakerDiarization: z
      .boolean({ error: 'enableSpeakerDiarization must be true or false' })
      .default(false)
      .meta({
        title: 'Tell speakers apart',
        description: 'Marks who is speaking (speaker 1, speaker 2…) in the transcript.',
      }),
    endpoint: endpointField,
  })
  .strict()
  .refine((config) => !config.translationEnabled || config.translationTargetLanguage !== undefined, {
    error: 'translationTargetLanguage is required when translationEnabled is true',
    path: ['translationTargetLanguage'],
  });

export type SonioxConfig = z.output<typeof sonioxConfigSchema>;
