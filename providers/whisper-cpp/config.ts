import { z } from 'zod';
import { languageHintsField } from '../configFields.ts';

export const defaultRuntimePort = 8177;

const path = (field: string) =>
  z
    .string({ error: `${field} must be a file path` })
    .trim()
    .min(1, `${field} must not be empty`);

export const whisperCppConfigSchema = z
  .object({
    modelPath: z
      .string({
        error: 'modelPath is required: the ggml model file (earshot runtime download-model or import-model)',
      })
      .trim()
      .min(1, 'modelPath is required: the ggml model file (earshot runtime download-model or import-model)')
      .meta({
        title: 'Model file',
        description: 'The ggml model file whisper.cpp loads; Settings → Runtime downloads or imports one.',
      }),
    binaryPath: path('binaryPath').optional().meta({
      title: 'whisper-server program',
      description:
        'Leave empty to use the one built in Settings → Runtime (or imported with earshot runtime import-binary).',
    }),
    port: z
      .number({ error: 'port must be a number from 1 to 65535' })
      .int('port must be a whole number')
      .min(1, 'port must be from 1 to 65535')
      .max(65_535, 'port must be from 1 to 65535')
      .default(defaultRuntimePort)
      .meta({ title: 'Port', description: 'The port on this computer the local whisper-server listens on.' }),
    languageHints: languageHintsField(),
    /**
     * Not in the spec's field list: chunks without sound are not sent (the spec's "silent audio
     * chunks are skipped"), and this lets that be switched off. It exists because the shared
     * conformance suite uploads digital silence and expects words back.
     */
    skipSilence: z.boolean({ error: 'skipSilence must be true or false' }).default(true).meta({
      title: 'Skip silence',
      description: 'Does not send stretches without sound; switch it off only to test with silent audio.',
    }),
  })
  .strict();

export type WhisperCppConfig = z.output<typeof whisperCppConfigSchema>;
