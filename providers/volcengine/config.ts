import { z } from 'zod';

import { endpointField, languageHintsField, secretField } from '../configFields.ts';
import { recognizedLanguages } from './flashLanguages.ts';

export const volcengineConfigSchema = z
  .object({
    /** The APP ID from the Volcengine console. */
    appKey: secretField('appKey'),
    /** The Access Token from the Volcengine console. */
    accessKey: secretField('accessKey'),
    languageHints: languageHintsField().refine(
      (hints) => hints.every((hint) => recognizedLanguages.includes(hint)),
      `Volcengine recognizes only these languages: ${recognizedLanguages.join(', ')}`,
    ),
    endpoint: endpointField,
  })
  .strict();

export type VolcengineConfig = z.output<typeof volcengineConfigSchema>;
