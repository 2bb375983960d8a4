/**
 * The answers of the AI provider routes (control/aiProviderControl.ts), for the full OpenAPI
 * document: the shapes of ai/providers/describeAiProvider.ts, in which a key is only ever "set".
 */
import { z } from 'zod';

import { aiProviderKinds } from '../../ai/providers/aiProviderKinds.ts';

export const aiProviderViewSchema = z.object({
  name: z.string(),
  kind: z.string().meta({ description: `One of ${aiProviderKinds.join(', ')}` }),
  kindName: z.string().meta({ description: 'The kind for people, such as "OpenAI"' }),
  values: z.record(z.string(), z.unknown()).meta({ description: 'The stored settings that are not secrets' }),
  apiKey: z
    .literal('set')
    .optional()
    .meta({ description: 'Present when a key is stored; the key itself is never sent' }),
  baseUrl: z
    .string()
    .optional()
    .meta({ description: "Where requests go: the user's, the preset's or the vendor's" }),
  model: z.string().optional(),
  contextWindow: z
    .object({
      tokens: z.int().positive(),
      source: z.enum(['set', 'known', 'default']),
      note: z.string().optional(),
    })
    .optional()
    .meta({ description: 'Tokens one request may hold, and where the figure comes from' }),
  structuredOutputs: z.boolean().optional(),
  problems: z.array(z.string()).meta({ description: 'What keeps it from being used, one per setting' }),
  ready: z.boolean(),
  isDefault: z.boolean(),
  topics: z.array(z.string()).meta({ description: 'The topics whose sessions use it' }),
});

export const aiSettingsSchema = z.object({
  providers: z.array(aiProviderViewSchema),
  defaultAiProvider: z.string().optional(),
  topicAiProviders: z
    .record(z.string(), z.string())
    .meta({ description: 'Topic id → the AI provider its sessions use instead of the default' }),
  automaticDigest: z
    .boolean()
    .meta({ description: "A session's digest is made by itself when it completes" }),
  kinds: z
    .array(
      z.object({
        kind: z.string(),
        name: z.string(),
        defaultBaseUrl: z.string().optional(),
        needsApiKey: z.boolean(),
        keyPage: z.string().optional(),
        fields: z.array(z.record(z.string(), z.unknown())).meta({
          description: 'Its settings as form fields (FieldDescriptor in api/control/providerView.ts)',
        }),
      }),
    )
    .meta({
      description: 'The kinds of AI provider there are, with where each is and whether it wants a key',
    }),
  presets: z
    .array(z.object({ preset: z.string(), name: z.string(), baseUrl: z.string(), needsApiKey: z.boolean() }))
    .meta({ description: 'The OpenAI-compatible servers known by name (the preset field)' }),
});

export const aiProviderAnswerSchema = z.object({ provider: aiProviderViewSchema });

export const topicAiProviderAnswerSchema = z.object({
  topicId: z.string(),
  aiProvider: z.string().nullable(),
});
