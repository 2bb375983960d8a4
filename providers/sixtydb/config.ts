import { z } from 'zod';
import { endpointField, languageHintsField, secretField, speakerDiarizationField } from '../configFields.ts';

export const sixtyDbConfigSchema = z
  .object({
    apiKey: secretField('apiKey', 'API key', 'Your 60db API key, from the 60db dashboard (60db.ai).'),
    // 60db takes up to five candidate languages; none means it detects the language itself.
    languageHints: languageHintsField(5),
    // `diarize` on files and in the live start message's config.
    enableSpeakerDiarization: speakerDiarizationField(),
    endpoint: endpointField,
  })
  .strict();

export type SixtyDbConfig = z.output<typeof sixtyDbConfigSchema>;
