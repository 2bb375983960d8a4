import { z } from 'zod';

import { endpointField, languageHintsField, secretField, speakerDiarizationField } from '../configFields.ts';

/** File jobs only; live capture always uses solaria-1, solaria-3 being pre-recorded only. */
export const fileModels = ['solaria-1', 'solaria-3'] as const;
const solaria3Languages: readonly string[] = ['en', 'fr', 'de', 'es', 'it'];

export const gladiaConfigSchema = z
  .object({
    apiKey: secretField(
      'apiKey',
      'API key',
      'Your Gladia API key, from the Gladia dashboard (app.gladia.io).',
    ),
    fileModel: z
      .enum(fileModels, { error: `fileModel must be one of ${fileModels.join(', ')}` })
      .default('solaria-1')
      .meta({
        title: 'Model for files',
        description:
          'The model Gladia uses for files (live recording always uses solaria-1); solaria-3 understands en, fr, de, es and it only.',
      }),
    languageHints: languageHintsField(),
    // Gladia's live API takes no diarization; its pre-recorded API does.
    enableSpeakerDiarization: speakerDiarizationField(
      'Files only (Gladia does not tell speakers apart live): ',
    ),
    endpoint: endpointField,
  })
  .strict()
  .refine(
    (config) =>
      config.fileModel !== 'solaria-3' ||
      config.languageHints.every((hint) => solaria3Languages.includes(hint)),
    {
      error: `fileModel solaria-3 understands only ${solaria3Languages.join(', ')}: remove the other language hints or choose solaria-1`,
      path: ['languageHints'],
    },
  );

export type GladiaConfig = z.output<typeof gladiaConfigSchema>;
