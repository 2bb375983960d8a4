import { z } from 'zod';
import { baseUrlField, languageHintsField } from '../configFields.ts';

export const openAiCompatibleConfigSchema = z
  .object({
    baseUrl: baseUrlField(),
    model: z
      .string({ error: 'model is required: the id of an installed model, as /v1/models lists it' })
      .trim()
      .min(1, 'model is required: the id of an installed model, as /v1/models lists it')
      .meta({
        title: 'Model',
        description: "The id of an installed model, as the server's /v1/models lists it.",
      }),
    // Optional: most local servers have no key; an emptied settings field means "no key".
    apiKey: z
      .string({ error: 'apiKey must be text' })
      .trim()
      .transform((key) => (key === '' ? undefined : key))
      .optional()
      .meta({
        title: 'API key',
        description:
          'Only for a server that asks for one; most local servers have none. Kept in a file only you can read.',
      }),
    languageHints: languageHintsField(),
  })
  .strict();

export type OpenAiCompatibleConfig = z.output<typeof openAiCompatibleConfigSchema>;
