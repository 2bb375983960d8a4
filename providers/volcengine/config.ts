import { z } from 'zod';

import { endpointField, languageHintsField, secretField, speakerDiarizationField } from '../configFields.ts';
import { recognizedLanguages } from './flashLanguages.ts';

export const volcengineConfigSchema = z
  .object({
    appKey: secretField('appKey', 'App ID', "The APP ID of your application in Volcengine's speech console."),
    accessKey: secretField('accessKey', 'Access token', 'The Access Token shown beside the APP ID.'),
    languageHints: languageHintsField().refine(
      (hints) => hints.every((hint) => recognizedLanguages.includes(hint)),
      `Volcengine recognizes only these languages: ${recognizedLanguages.join(', ')}`,
    ),
    // The flash file recognizer takes enable_speaker_info; the streaming one documents no speakers.
    enableSpeakerDiarization: speakerDiarizationField(
      'Files only (the live recognizer tells no speakers apart). ',
    ),
    endpoint: endpointField,
  })
  .strict();

export type VolcengineConfig = z.output<typeof volcengineConfigSchema>;
