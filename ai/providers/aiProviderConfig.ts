/**
 * What each kind of AI provider is configured with, as zod schemas: the field names the user types
 * (`earshot ai set openai model=gpt-4o-mini apiKey=…`), their defaults, and messages written for the
 * person filling them in. Unknown fields are refused, so a misspelt one is reported, not ignored.
 */
import { z } from 'zod';
import { aiProviderKindFacts, type AiProviderKind } from './aiProviderKinds.ts';
import { openAiCompatiblePresetNames, openAiCompatiblePresets } from './openAiCompatiblePresets.ts';

function baseUrlField(example: string) {
  return z.url({ protocol: /^https?$/, error: `baseUrl must be an http(s) URL such as ${example}` }).meta({
    title: 'Server address',
    description: "The server's address; replaces the vendor's own (a proxy, a gateway, a test server).",
  });
}

function vendorBaseUrlField(kind: AiProviderKind) {
  const defaultBaseUrl = aiProviderKindFacts[kind].defaultBaseUrl ?? '';
  return baseUrlField(defaultBaseUrl).default(defaultBaseUrl);
}

const modelField = z
  .string({ error: 'model is required: the name the vendor gives the model, such as gpt-4o-mini' })
  .trim()
  .min(1, 'model is required: the name the vendor gives the model, such as gpt-4o-mini')
  .meta({ title: 'Model', description: 'The model to use, named as the vendor names it.' });

const keyDescription =
  'A credential: kept in secrets.json, which only you can read, and never shown again once saved.';

function requiredKeyField(kind: AiProviderKind) {
  const message = `apiKey is required: your ${aiProviderKindFacts[kind].name} API key (${aiProviderKindFacts[kind].keyPage ?? ''})`;
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .meta({ title: 'API key', description: keyDescription });
}

const optionalKeyField = z
  .string()
  .trim()
  .min(1, 'apiKey must not be empty')
  .optional()
  .meta({ title: 'API key', description: `${keyDescription} Only for a server that asks for one.` });

const contextWindowField = z
  .int({ error: 'contextWindow is a whole number of tokens, such as 128000' })
  .min(1024, 'contextWindow must be at least 1024 tokens')
  .max(10_000_000, 'contextWindow must be at most 10000000 tokens')
  .optional()
  .meta({
    title: 'Context window (tokens)',
    description:
      'How many tokens the model takes in one request, prompt and answer together; known models have a default (see docs/ai.md). Ollama is sent it as num_ctx.',
  });

export const openAiConfigSchema = z.strictObject({
  kind: z.literal('openai'),
  baseUrl: vendorBaseUrlField('openai'),
  model: modelField,
  apiKey: requiredKeyField('openai'),
  contextWindow: contextWindowField,
});

export const anthropicConfigSchema = z.strictObject({
  kind: z.literal('anthropic'),
  baseUrl: vendorBaseUrlField('anthropic'),
  model: modelField,
  apiKey: requiredKeyField('anthropic'),
  contextWindow: contextWindowField,
});

export const googleConfigSchema = z.strictObject({
  kind: z.literal('google'),
  baseUrl: vendorBaseUrlField('google'),
  model: modelField,
  apiKey: requiredKeyField('google'),
  contextWindow: contextWindowField,
});

export const ollamaConfigSchema = z.strictObject({
  kind: z.literal('ollama'),
  baseUrl: vendorBaseUrlField('ollama'),
  model: modelField,
  apiKey: optionalKeyField,
  contextWindow: contextWindowField,
});

/** The fields of an OpenAI-compatible provider as stored: `baseUrl` may come from the preset instead. */
export const openAiCompatibleFieldsSchema = z.strictObject({
  kind: z.literal('openai-compatible'),
  preset: z
    .enum(openAiCompatiblePresetNames, {
      error: `preset must be one of ${openAiCompatiblePresetNames.join(', ')}`,
    })
    .optional()
    .meta({
      title: 'Known server',
      description: 'A known server, which fills the server address (and whether it takes a JSON schema).',
    }),
  baseUrl: baseUrlField('http://127.0.0.1:8000/v1').optional(),
  model: modelField,
  apiKey: optionalKeyField,
  contextWindow: contextWindowField,
  structuredOutputs: z.boolean({ error: 'structuredOutputs is true or false' }).optional().meta({
    title: 'Structured answers',
    description:
      "The server takes a JSON schema for structured output (response_format json_schema); off asks for JSON mode only. Default: the known server's, else on.",
  }),
});

/** The preset fills what the user left out; a cloud preset still needs its key. */
export const openAiCompatibleConfigSchema = openAiCompatibleFieldsSchema.transform((fields, context) => {
  const preset = fields.preset === undefined ? undefined : openAiCompatiblePresets[fields.preset];
  const baseUrl = fields.baseUrl ?? preset?.baseUrl;
  if (baseUrl === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['baseUrl'],
      message: `baseUrl is required: the server's address, such as http://127.0.0.1:8000/v1, or a preset (${openAiCompatiblePresetNames.join(', ')})`,
    });
    return z.NEVER;
  }
  if (preset?.needsApiKey === true && fields.apiKey === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['apiKey'],
      message: `apiKey is required: your ${preset.name} API key`,
    });
    return z.NEVER;
  }
  return {
    ...fields,
    baseUrl,
    structuredOutputs: fields.structuredOutputs ?? preset?.structuredOutputs ?? true,
  };
});

export const aiProviderConfigSchemas = {
  openai: openAiConfigSchema,
  anthropic: anthropicConfigSchema,
  google: googleConfigSchema,
  'openai-compatible': openAiCompatibleConfigSchema,
  ollama: ollamaConfigSchema,
} as const satisfies Record<AiProviderKind, z.ZodType>;

/** Each field's own schema, by kind, to check one value as it is set. */
export const aiProviderFieldSchemas: Record<AiProviderKind, Record<string, z.ZodType>> = {
  openai: openAiConfigSchema.shape,
  anthropic: anthropicConfigSchema.shape,
  google: googleConfigSchema.shape,
  'openai-compatible': openAiCompatibleFieldsSchema.shape,
  ollama: ollamaConfigSchema.shape,
};

/** A provider's settings once checked: defaults applied, the preset's address filled in. */
export type AiProviderConfig = {
  [Kind in AiProviderKind]: z.output<(typeof aiProviderConfigSchemas)[Kind]>;
}[AiProviderKind];

/** The fields that hold credentials: never shown, logged or answered. */
export const aiProviderSecretFields = ['apiKey'] as const;
