import { z } from 'zod';

import { endpointField, languageHintsField, secretField, speakerDiarizationField } from '../configFields.ts';

const modelMessage = 'model must be an ElevenLabs real-time Scribe model such as scribe_v2_realtime';

export const elevenLabsConfigSchema = z
  .object({
    apiKey: secretField(
      'apiKey',
      'API key',
      'Your ElevenLabs API key, from your ElevenLabs account settings (elevenlabs.io).',
    ),
    /** The live model; ElevenLabs' batch endpoint rejects real-time ids, so file jobs use scribe_v2. */
    model: z
      .string({ error: modelMessage })
      .trim()
      .regex(/^scribe_\w*realtime\w*$/, modelMessage)
      .default('scribe_v2_realtime')
      .meta({
        title: 'Model',
        description: 'An ElevenLabs real-time Scribe model, such as scribe_v2_realtime; files use scribe_v2.',
      }),
    languageHints: languageHintsField(),
    // Scribe's real-time API has no diarization option; its batch endpoint takes `diarize`.
    enableSpeakerDiarization: speakerDiarizationField('Files only (Scribe diarizes no live audio). '),
    endpoint: endpointField,
  })
  .strict();

export type ElevenLabsConfig = z.output<typeof elevenLabsConfigSchema>;
