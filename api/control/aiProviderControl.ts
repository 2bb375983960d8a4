import { Hono } from 'hono';
import { z } from 'zod';
import { notFound, removeAiProvider, setAiProviderFields } from '../../ai/providers/aiProviderChanges.ts';
import { chooseTopicAiProvider } from '../../ai/providers/aiProviderChoice.ts';
import { aiProviderKinds } from '../../ai/providers/aiProviderKinds.ts';
import { AiSettingsError } from '../../ai/providers/aiSettingsError.ts';
import { describeAiProviderNamed, describeAiSettings } from '../../ai/providers/describeAiProvider.ts';
import { destinationOf } from '../../ai/providers/keyDestination.ts';
import { testAiProvider } from '../../ai/providers/testAiProvider.ts';
import { readAiSettings, writeAiSettings, type StoredAiSettings } from '../../store/aiProviderSettings.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { errorResponse } from '../responses.ts';
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

const providerUsage =
  'Send {"kind"?: "openai|anthropic|google|openai-compatible|ollama", "values": {"<field>": <text, a number or true/false>}, "makeDefault"?: true, "confirmSecretDestination"?: "<host>"}; "" removes a field.';

/**
 * The AI providers on the control channel, relative to its base path (mount it at `/control/v1`,
 * behind the owner's check). Settings live in secrets.json, read at each request, so a change made
 * with `earshot ai set` while the service runs counts at once. No answer carries a key: a stored one
 * is told as `apiKey: "set"`.
 * - `GET /ai-providers` → `{providers, defaultAiProvider?, topicAiProviders}`
 * - `GET /ai-providers/:id` → `{provider}` (`:id` is the provider's name)
 * - `PUT /ai-providers/:id` `{kind?, values, makeDefault?, confirmSecretDestination?}` → `{provider}`:
 *   adds the provider or changes its fields; a wrong value → 400 `invalid_config` with `fields`, a key
 *   that would go to a new host → 409 `confirmation_required` with that `host`; nothing saved either way
 * - `DELETE /ai-providers/:id` → the list as `GET /ai-providers` answers it, without the provider
 * - `POST /ai-providers/:id/test` → `{ok, message}`: the settings, then one tiny request to the model
 * - `PUT /topics/:id/ai-provider` `{name}` → `{topicId, aiProvider}`: the topic's own provider, or null
 */
export function createAiProviderControl(dependencies: { dataDirectory: string; store: SessionStore }): Hono {
  const { dataDirectory, store } = dependencies;
  const app = new Hono();

  app.get('/ai-providers', (context) => context.json(describeAiSettings(readAiSettings(dataDirectory))));

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
      return { settings: next, answer: describeAiSettings(next) };
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

  return app;
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
