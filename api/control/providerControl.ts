import { Hono } from 'hono';
import { z } from 'zod';
import type { ProviderDefinition, ResolveBaseUrl } from '../../providers/contract.ts';
import { runsOnUserServer } from '../../providers/providerAddress.ts';
import { destinationOf } from '../../providers/secretDestination.ts';
import { defaultProviderId, findProvider, providerDefinitions } from '../../providers/registry.ts';
import {
  ConfigurationFieldsError,
  type ConfigurationState,
  describeConfiguration,
  setConfigurationFields,
  UnconfirmedSecretDestinationError,
} from '../../actors/providerConfiguration.ts';
import { probeProviderServer } from './providerReachability.ts';
import { readProviderConfig } from '../../store/providerSettings.ts';
import { managedRuntimeProblem } from '../../actors/runtimeSetup/storedRuntimeProblem.ts';
import { configFormFields } from './configFormFields.ts';
import { errorResponse } from '../responses.ts';
import type { ProviderView } from './providerView.ts';

/** One provider on the settings page: what it is, its form, what is stored and whether it is ready. */
export interface ProviderControlDependencies {
  dataDirectory: string;
  /** The service's base-URL resolver (`providerBaseUrls(runtimes.startRuntime)`), so P14 is tested on its runtime. */
  resolveBaseUrl: ResolveBaseUrl;
}

export const configRequestSchema = z
  .object({
    values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).meta({
      description:
        'The fields to change, by name; "" removes a field, a field left out stays as it is. ' +
        'GET /control/v1/providers/{id} lists the fields of the form.',
    }),
    confirmSecretDestination: z.string().optional().meta({
      description:
        'The host a stored key will be sent to from now on, as a 409 confirmation_required named it',
    }),
  })
  .strict();

/**
 * Provider settings on the control channel, relative to its base path (mount it at
 * `/control/v1`, behind the launch-secret check):
 * - `GET /providers` → `{providers: ProviderView[]}` in label order
 * - `GET /providers/:id` → `{provider: ProviderView}` (`:id` is an id or a label, such as P06)
 * - `PUT /providers/:id/config` `{values: {field: value}, confirmSecretDestination?}` → `{provider}`;
 *   `''` removes a field, a field left out is unchanged; any wrong value → 400 `invalid_config` with
 *   `fields`, nothing saved. A change that would send a stored key to a new host (an `endpoint` or
 *   `baseUrl` moved) → 409 `confirmation_required` with that `host`, nothing saved, unless
 *   `confirmSecretDestination` names that host
 * - `POST /providers/:id/test` → `{ok, message}`: the schema, then one cheap real round trip
 * - `GET /providers/:id/reachability` → `{reachability: ProviderReachability}`: whether the server
 *   of a configured P12 or P13 accepts a connection (at most 2 s)
 */
export function createProviderControl(dependencies: ProviderControlDependencies): Hono {
  const { dataDirectory } = dependencies;
  const app = new Hono();

  app.get('/providers', (context) =>
    context.json({
      providers: providerDefinitions.map((definition) =>
        providerView(definition, describeConfiguration(dataDirectory, definition)),
      ),
    }),
  );

  app.get('/providers/:id', (context) => {
    const definition = findProvider(context.req.param('id'));
    if (definition === undefined) return noSuchProvider(context.req.param('id'));
    return context.json({
      provider: providerView(definition, describeConfiguration(dataDirectory, definition)),
    });
  });

  app.put('/providers/:id/config', async (context) => {
    const definition = findProvider(context.req.param('id'));
    if (definition === undefined) return noSuchProvider(context.req.param('id'));
    const parsed = configRequestSchema.safeParse(await context.req.json().catch(() => undefined));
    if (!parsed.success) {
      return errorResponse(
        'invalid_request',
        'Send {"values": {"<field>": <text, number, true/false or a list of text>}, "confirmSecretDestination"?: "<host>"}; "" removes a field.',
      );
    }
    const confirmed = parsed.data.confirmSecretDestination;
    try {
      const state = setConfigurationFields(
        dataDirectory,
        definition,
        Object.entries(parsed.data.values),
        (destination) => confirmed !== undefined && destinationOf(confirmed) === destination,
      );
      return context.json({ provider: providerView(definition, state) });
    } catch (error) {
      if (error instanceof UnconfirmedSecretDestinationError) {
        return errorResponse('confirmation_required', error.message, {
          details: { host: error.destination },
        });
      }
      if (!(error instanceof ConfigurationFieldsError)) throw error;
      const count = Object.keys(error.fields).length;
      return errorResponse(
        'invalid_config',
        `Nothing was saved: ${count === 1 ? 'one setting is' : `${count} settings are`} not valid for ${definition.metadata.name}.`,
        { fields: error.fields },
      );
    }
  });

  app.get('/providers/:id/reachability', async (context) => {
    const definition = findProvider(context.req.param('id'));
    if (definition === undefined) return noSuchProvider(context.req.param('id'));
    return context.json({
      reachability: await probeProviderServer(dataDirectory, definition, context.req.raw.signal),
    });
  });

  app.post('/providers/:id/test', async (context) => {
    const definition = findProvider(context.req.param('id'));
    if (definition === undefined) return noSuchProvider(context.req.param('id'));
    const check = await definition.testConfig(readProviderConfig(dataDirectory, definition.metadata.id), {
      resolveBaseUrl: dependencies.resolveBaseUrl,
      runtimeProblem: managedRuntimeProblem(dataDirectory, definition),
    });
    return context.json(check);
  });

  return app;
}

function providerView(definition: ProviderDefinition<unknown>, state: ConfigurationState): ProviderView {
  return {
    metadata: definition.metadata,
    fields: configFormFields(definition),
    values: state.values,
    secretsSet: state.secretsSet,
    problems: state.problems,
    configured: state.configured,
    ready: state.configured && state.problems.length === 0,
    isDefault: definition.metadata.id === defaultProviderId,
    runsOnUserServer: runsOnUserServer(definition.metadata),
  };
}

function noSuchProvider(name: string): Response {
  const known = providerDefinitions.map(({ metadata }) => `${metadata.label} ${metadata.id}`).join(', ');
  return errorResponse('provider_not_found', `There is no provider "${name}". Known providers: ${known}.`);
}
