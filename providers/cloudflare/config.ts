import { z } from 'zod';
import { endpointField, languageHintsField, modelField, secretField } from '../configFields.ts';

/** The two Whisper models the spec names: large-v3-turbo (the default) and the base one. */
export const cloudflareModels = ['@cf/openai/whisper-large-v3-turbo', '@cf/openai/whisper'] as const;

export const cloudflareConfigSchema = z
  .object({
    apiToken: secretField('apiToken'),
    accountId: secretField('accountId').regex(
      /^[0-9a-f]{32}$/i,
      'accountId is the 32-character hexadecimal account ID shown in the Cloudflare dashboard',
    ),
    model: modelField(cloudflareModels, '@cf/openai/whisper-large-v3-turbo'),
    languageHints: languageHintsField(),
    endpoint: endpointField,
  })
  .strict();

export type CloudflareConfig = z.output<typeof cloudflareConfigSchema>;
