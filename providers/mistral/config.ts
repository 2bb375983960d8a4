import { z } from 'zod';

import { endpointField, languageHintsField, secretField, speakerDiarizationField } from '../configFields.ts';

const modelMessage = 'model must be a Voxtral real-time model such as voxtral-mini-transcribe-realtime-2602';

export const mistralConfigSchema = z
  .object({
    apiKey: secretField(
      'apiKey',
      'API key',
      'Your Mistral API key, from the Mistral console (console.mistral.ai).',
    ),
    /** The live model; file jobs use the batch model voxtral-mini-latest. */
    model: z
      .string({ error: modelMessage })
      .trim()
      .regex(/^voxtral-[a-z0-9-]*realtime[a-z0-9-]*$/, modelMessage)
      .default('voxtral-mini-transcribe-realtime-2602')
      .meta({
        title: 'Model',
        description: 'A Voxtral real-time model; files use voxtral-mini-latest.',
      }),
    languageHints: languageHintsField(),
    // Voxtral diarizes files (`diarize`); its real-time API has no such option.
    enableSpeakerDiarization: speakerDiarizationField('Files only (Voxtral diarizes no live audio). '),
    endpoint: endpointField,
  })
  .strict();

export type MistralConfig = z.output<typeof mistralConfigSchema>;
