import { z } from 'zod';
import { endpointField, languageHintsField, modelField, secretField } from '../configFields.ts';

/** The two Whisper models the spec names: large-v3-turbo (the default) and the base one. */
export const cloudflareModels = ['@cf/openai/whisper-large-v3-turbo', '@cf/openai/whisper'] as const;

export const cloudflareConfigSchema = z
  .object({
    apiToken: secretField(
      'apiToken',
      'API token',
      'A Cloudflare API token allowed to use Workers AI, made under My Profile → API Tokens in the dashboard.',
    ),
    accountId: z
      .string({ error: 'accountId is required' })
      .trim()
      .regex(
        /^[0-9a-f]{32}$/i,
        'accountId is the 32-character hexadecimal account ID shown in the Cloudflare dashboard',
      )
      .meta({
        title: 'Account ID',
        description:
          'The 32-character account ID shown in the Cloudflare dashboard. Kept in a file only you can read, and never shown again once saved.',
      }),
    model: modelField(cloudflareModels, '@cf/openai/whisper-large-v3-turbo'),
    languageHints: languageHintsField(),
    endpoint: endpointField,
  })
  .strict();

export type CloudflareConfig = z.output<typeof cloudflareConfigSchema>;
