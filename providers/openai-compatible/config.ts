import { z } from 'zod';
import { baseUrlField, languageHintsField } from '../configFields.ts';

export const openAiCompatibleConfigSchema = z
  .object({
    baseUrl: baseUrlField(),
    model: z
      .string({ error: 'model is required: the id of an installed model, as /v1/models lists it' })
      .trim()
      .min(1, 'model is required: the id of an installed model, as /v1/models lists it'),
    // Optional: most local servers have no key; an emptied settings field means "no key".
    apiKey: z
      .string({ error: 'apiKey must be text' })
      .trim()
      .transform((key) => (key === '' ? undefined : key))
      .optional(),
    languageHints: languageHintsField(),
  })
  .strict();

export type OpenAiCompatibleConfig = z.output<typeof openAiCompatibleConfigSchema>;
