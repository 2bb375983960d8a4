import { Hono } from 'hono';
import { z } from 'zod';
import { notFound, removeAiProvider, setAiProviderFields } from '../../ai/providers/aiProviderChanges.ts';
import { aiProviderFieldSchemas, aiProviderSecretFields } from '../../ai/providers/aiProviderConfig.ts';
import { chooseTopicAiProvider } from '../../ai/providers/aiProviderChoice.ts';
import { aiProviderKindFacts, aiProviderKinds } from '../../ai/providers/aiProviderKinds.ts';
import { AiSettingsError } from '../../ai/providers/aiSettingsError.ts';
import {
  describeAiProviderNamed,
  describeAiSettings,
  type AiSettingsView,
} from '../../ai/providers/describeAiProvider.ts';
import { destinationOf } from '../../ai/providers/keyDestination.ts';
import {
  openAiCompatiblePresetNames,
  openAiCompatiblePresets,
} from '../../ai/providers/openAiCompatiblePresets.ts';
import { testAiProvider } from '../../ai/providers/testAiProvider.ts';
import {
  makesDigestOnCompletion,
  readAiSettings,
  writeAiSettings,
  type StoredAiSettings,
} from '../../store/aiProviderSettings.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { errorResponse } from '../responses.ts';
import { schemaFormFields } from './configFormFields.ts';
import type { FieldDescriptor } from './providerView.ts';
import { parseJsonBody } from './requestBody.ts';

export const aiProviderRequestSchema = z
  .object({
    kind: z.enum(aiProviderKinds).optional().meta({
      description: 'Needed to add a provider; an existing one keeps its kind',
    }),
    values: z.record(z.string(), z.unknown()).default({}).meta({
      description:
        'The fields to change, by name (model, apiKey, baseUrl, contextWindow, preset, structuredOutputs); "" removes a field, a field left out stays as it is',
    }),
    makeDefault: z
      .boolean()
      .optional()
      .meta({ description: 'Make it the provider used when nothing else is chosen' }),
    confirmSecretDestination: z.string().optional().meta({
      description:
        'The host a stored key will be sent to from now on, as a 409 confirmation_required named it',
    }),
  })
  .strict();

export const topicAiProviderRequestSchema = z
  .object({
    name: z
      .string()
      .min(1)
      .nullable()
      .meta({ description: "The AI provider the topic's sessions use; null for the default again" }),
  })
  .strict();

export const automaticDigestRequestSchema = z
  .object({
    automaticDigest: z.boolean().meta({ description: "Make a session's digest by itself when it completes" }),
  })
  .strict();

/**
 * What `GET /ai-providers` answers: the providers without keys, whether digests are made by
 * themselves, and the kinds and OpenAI-compatible presets there are, so a form can offer them.
 */
export interface AiProvidersAnswer extends AiSettingsView {
  /** A session's digest is made when it completes (unset: yes once a default provider exists). */
  automaticDigest: boolean;
  kinds: Array<{
    kind: string;
    name: string;
    defaultBaseUrl?: string;
    needsApiKey: boolean;
    keyPage?: string;
    /** The kind's settings as form fields, `kind` itself left out. */
    fields: FieldDescriptor[];
  }>;
  presets: Array<{ preset: string; name: string; baseUrl: string; needsApiKey: boolean }>;
}

const kindsOffered = aiProviderKinds.map((kind) => ({
  kind,
  ...aiProviderKindFacts[kind],
  fields: schemaFormFields(
    z.object(aiProviderFieldSchemas[kind]).omit({ kind: true }),
    aiProviderSecretFields,
    kind,
  ),
}));
const presetsOffered = openAiCompatiblePresetNames.map((preset) => ({
  preset,
  ...openAiCompatiblePresets[preset],
}));

const providerUsage =
  'Send {"kind"?: "openai|anthropic|google|openai-compatible|ollama", "values": {"<field>": <text, a number or true/false>}, "makeDefault"?: true, "confirmSecretDestination"?: "<host>"}; "" removes a field.';

/**
 * The AI providers on the control channel, relative to its base path (mount it at `/control/v1`,
 * behind the owner's check). Settings live in secrets.json, read at each request, so a change made
 * with `earshot ai set` while the service runs counts at once. No answer carries a key: a stored one
 * is told as `apiKey: "set"`.
 * - `GET /ai-providers` → `{providers, defaultAiProvider?, topicAiProviders, automaticDigest, kinds, presets}`
 * - `GET /ai-providers/:id` → `{provider}` (`:id` is the provider's name)
 * - `PUT /ai-providers/:id` `{kind?, values, makeDefault?, confirmSecretDestination?}` → `{provider}`:
 *   adds the provider or changes its fields; a wrong value → 400 `invalid_config` with `fields`, a key
 *   that would go to a new host → 409 `confirmation_required` with that `host`; nothing saved either way
 * - `DELETE /ai-providers/:id` → the list as `GET /ai-providers` answers it, without the provider
 * - `POST /ai-providers/:id/test` → `{ok, message}`: the settings, then one tiny request to the model
 * - `PUT /topics/:id/ai-provider` `{name}` → `{topicId, aiProvider}`: the topic's own provider, or null
 * - `PUT /automatic-digest` `{automaticDigest}` → the list as `GET /ai-providers` answers it
 */
export function createAiProviderControl(dependencies: { dataDirectory: string; store: SessionStore }): Hono {
  const { dataDirectory, store } = dependencies;
  const app = new Hono();

  app.get('/ai-providers', (context) => context.json(aiProvidersAnswer(readAiSettings(dataDirectory))));

  app.get('/ai-providers/:id', (context) => {
    const name = context.req.param('id');
    const settings = readAiSettings(dataDirectory);
    const stored = settings.providers?.[name];
    if (stored === undefined) return noSuchAiProvider(settings, name);
    return context.json({ provider: describeAiProviderNamed(settings, name, stored) });
  });

  app.put('/ai-providers/:id', async (context) => {
    const name = context.req.param('id');
    const parsed = await parseJsonBody(context, aiProviderRequestSchema, providerUsage);
    if (!parsed.ok) return parsed.response;
    const { kind, values, makeDefault, confirmSecretDestination } = parsed.data;
    return changed(dataDirectory, (settings) => {
      const next = setAiProviderFields(settings, {
        name,
        ...(kind === undefined ? {} : { kind }),
        values: Object.entries(values),
        makeDefault: makeDefault === true,
        confirms: (destination) =>
          confirmSecretDestination !== undefined && destinationOf(confirmSecretDestination) === destination,
      });
      return {
        settings: next,
        answer: { provider: describeAiProviderNamed(next, name, next.providers?.[name] ?? {}) },
      };
    });
  });

  app.delete('/ai-providers/:id', (context) => {
    const name = context.req.param('id');
    return changed(dataDirectory, (settings) => {
      const next = removeAiProvider(settings, name);
      return { settings: next, answer: aiProvidersAnswer(next) };
    });
  });

  app.post('/ai-providers/:id/test', async (context) => {
    const name = context.req.param('id');
    const settings = readAiSettings(dataDirectory);
    const stored = settings.providers?.[name];
    if (stored === undefined) return noSuchAiProvider(settings, name);
    return context.json(await testAiProvider(stored, context.req.raw.signal, name));
  });

  app.put('/topics/:id/ai-provider', async (context) => {
    const topicId = context.req.param('id');
    const parsed = await parseJsonBody(
      context,
      topicAiProviderRequestSchema,
      'Send {"name": "<an AI provider\'s name>"}, or {"name": null} for the default.',
    );
    if (!parsed.ok) return parsed.response;
    if (!store.listTopics().some((topic) => topic.id === topicId)) {
      return errorResponse('topic_not_found', `There is no topic ${topicId}; it may have been deleted.`);
    }
    const { name } = parsed.data;
    return changed(dataDirectory, (settings) => ({
      settings: chooseTopicAiProvider(settings, topicId, name ?? undefined),
      answer: { topicId, aiProvider: name },
    }));
  });

  app.put('/automatic-digest', async (context) => {
    const parsed = await parseJsonBody(
      context,
      automaticDigestRequestSchema,
      'Send {"automaticDigest": true} or {"automaticDigest": false}.',
    );
    if (!parsed.ok) return parsed.response;
    const { automaticDigest } = parsed.data;
    return changed(dataDirectory, (settings) => {
      const next = { ...settings, automaticDigest };
      return { settings: next, answer: aiProvidersAnswer(next) };
    });
  });

  return app;
}

function aiProvidersAnswer(settings: StoredAiSettings): AiProvidersAnswer {
  return {
    ...describeAiSettings(settings),
    automaticDigest: makesDigestOnCompletion(settings),
    kinds: kindsOffered.map(({ kind, name, defaultBaseUrl, needsApiKey, keyPage, fields }) => ({
      kind,
      name,
      needsApiKey,
      fields,
      ...(defaultBaseUrl === undefined ? {} : { defaultBaseUrl }),
      ...(keyPage === undefined ? {} : { keyPage }),
    })),
    presets: presetsOffered.map(({ preset, name, baseUrl, needsApiKey }) => ({
      preset,
      name,
      baseUrl,
      needsApiKey,
    })),
  };
}

/** Applies a change to the stored settings and answers; a refused change saves nothing and says why. */
function changed(
  dataDirectory: string,
  change: (settings: StoredAiSettings) => { settings: StoredAiSettings; answer: unknown },
): Response {
  try {
    const { settings, answer } = change(readAiSettings(dataDirectory));
    writeAiSettings(dataDirectory, settings);
    return Response.json(answer);
  } catch (error) {
    if (!(error instanceof AiSettingsError)) throw error;
    switch (error.reason) {
      case 'not_found':
        return errorResponse('ai_provider_not_found', error.message);
      case 'unconfirmed_destination':
        return errorResponse('confirmation_required', error.message, {
          details: { host: error.destination ?? '' },
        });
      case 'invalid_fields':
        return errorResponse('invalid_config', error.message, { fields: error.fields });
      case 'invalid_name':
        return errorResponse('invalid_request', error.message);
    }
  }
}

function noSuchAiProvider(settings: StoredAiSettings, name: string): Response {
  return errorResponse('ai_provider_not_found', notFound(settings, name).message);
}
