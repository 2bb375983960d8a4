import { z } from 'zod';
import {
  endpointField,
  languageHintsField,
  modelField,
  secretField,
  speakerDiarizationField,
} from '../configFields.ts';

/** The two model generations offered; nova-3 is Deepgram's current one. */
export const deepgramModels = ['nova-3', 'nova-2'] as const;

export const deepgramConfigSchema = z
  .object({
    apiKey: secretField(
      'apiKey',
      'API key',
      'Your Deepgram API key, from the Deepgram console (console.deepgram.com).',
    ),
    model: modelField(deepgramModels, 'nova-3'),
    languageHints: languageHintsField(),
    enableSpeakerDiarization: speakerDiarizationField(),
    endpoint: endpointField,
  })
  .strict();

export type DeepgramConfig = z.output<typeof deepgramConfigSchema>;
