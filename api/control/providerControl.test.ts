import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerDefinitions } from '../../providers/registry.ts';
import { streamingFixture as deepgramFixture } from '../../test/fakes/deepgram/streamingFixture.ts';
import type { StreamingFake } from '../../test/fakes/streaming/streamingFake.ts';
import { stubModel } from '../../test/support/fixtures.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { unconfiguredRuntimeMessage } from '../../test/support/unconfiguredRuntime.ts';
import { closedPort } from '../../test/support/closedPort.ts';
import { importModel } from '../../actors/runtimeSetup/importModel.ts';
import {
  binaryDirectory,
  managedBinaryPath,
  modelsDirectory,
} from '../../actors/runtimeSetup/runtimePaths.ts';
import { providerBaseUrls } from '../../actors/fileJob/transcriptionJobs.ts';
import type { ProviderReachability, ProviderView } from './providerView.ts';
import { createProviderControl } from './providerControl.ts';

const deepgramKey = 'dg-secret-value-98765';
let directory: ReturnType<typeof temporaryDirectory>;
/** A path in the data directory's models folder, the only place a P14 modelPath may name. */
const inModels = (name: string) => join(modelsDirectory(directory.path), name);
let app: Hono;

beforeEach(() => {
  directory = temporaryDirectory('provider-control');
  app = new Hono().route(
    '/control/v1',
    createProviderControl({ dataDirectory: directory.path, resolveBaseUrl: providerBaseUrls() }),
  );
});
afterEach(() => directory.remove());

async function call(method: string, path: string, body?: unknown) {
  const response = await app.request(`/control/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as Record<string, unknown> };
}

async function view(name: string): Promise<ProviderView> {
  return (await call('GET', `/providers/${name}`)).json.provider as ProviderView;
}

/** A local listener that counts the connections made to it, as an attacker's port would. */
async function startListener(): Promise<{
  url: string;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function storedSecrets(): unknown {
  return JSON.parse(readFileSync(join(directory.path, 'secrets.json'), 'utf8'));
}

describe('GET /providers', () => {
  it('lists all fourteen in label order, each with its form and what it lacks', async () => {
    const { status, json } = await call('GET', '/providers');
    expect(status).toBe(200);
    const providers = json.providers as ProviderView[];
    expect(providers.map((provider) => provider.metadata.label)).toEqual(
      providerDefinitions.map(({ metadata }) => metadata.label),
    );
    const deepgram = providers.find((provider) => provider.metadata.id === 'deepgram');
    expect(deepgram).toMatchObject({
      values: {},
      secretsSet: [],
      problems: ['apiKey is required'],
      ready: false,
    });
    expect(deepgram?.fields.map((field) => field.name)).toEqual([
      'apiKey',
      'model',
      'languageHints',
      'enableSpeakerDiarization',
      'endpoint',
    ]);
    // FunASR lacks nothing, since its server address has a default; but nothing says a server is
    // there, so it is neither configured nor ready until the user saves its settings.
    expect(providers.find((provider) => provider.metadata.id === 'funasr')).toMatchObject({
      problems: [],
      configured: false,
      ready: false,
      runsOnUserServer: true,
    });
  });
});

describe('PUT /providers/:id/config', () => {
  it('saves typed values by id or label and returns the view, which never holds a secret', async () => {
    const { status, json, text } = await call('PUT', '/providers/p06/config', {
      values: { apiKey: deepgramKey, languageHints: ['en', 'de'], model: 'nova-2' },
    });
    expect(status).toBe(200);
    expect(json.provider).toMatchObject({
      metadata: { id: 'deepgram' },
      values: { languageHints: ['en', 'de'], model: 'nova-2' },
      secretsSet: ['apiKey'],
      problems: [],
      ready: true,
    });
    expect(text).not.toContain(deepgramKey);
    expect((await call('GET', '/providers')).text).not.toContain(deepgramKey);
    expect(storedSecrets()).toMatchObject({ providers: { deepgram: { apiKey: deepgramKey } } });
  });

  it('reads text as the field wants it, as a form sends it', async () => {
    await call('PUT', '/providers/whisper-cpp/config', {
      values: { port: '8200', skipSilence: 'false', languageHints: 'en, fr', modelPath: inModels('m.bin') },
    });
    expect((await view('P14')).values).toEqual({
      port: 8200,
      skipSilence: false,
      languageHints: ['en', 'fr'],
      modelPath: inModels('m.bin'),
    });
  });

  it('keeps a stored secret the form leaves out, and removes a field sent as ""', async () => {
    await call('PUT', '/providers/deepgram/config', { values: { apiKey: deepgramKey, model: 'nova-2' } });
    const { json } = await call('PUT', '/providers/deepgram/config', { values: { model: '' } });
    expect(json.provider).toMatchObject({ values: {}, secretsSet: ['apiKey'], ready: true });
    expect(storedSecrets()).toMatchObject({ providers: { deepgram: { apiKey: deepgramKey } } });

    const cleared = await call('PUT', '/providers/deepgram/config', { values: { apiKey: '' } });
    expect(cleared.json.provider).toMatchObject({
      secretsSet: [],
      problems: ['apiKey is required'],
      ready: false,
    });
  });

  it('refuses wrong values and unknown fields field by field, and saves nothing', async () => {
    await call('PUT', '/providers/deepgram/config', { values: { apiKey: deepgramKey } });
    const { status, json } = await call('PUT', '/providers/deepgram/config', {
      values: { model: 'nova-9', languageHints: ['english'], colour: 'blue', apiKey: 'dg-other-key-000' },
    });
    expect(status).toBe(400);
    expect(json).toEqual({
      error: 'Nothing was saved: 3 settings are not valid for Deepgram Nova.',
      code: 'invalid_config',
      fields: {
        model: 'model must be one of nova-3, nova-2',
        languageHints: 'each language hint is a two-letter ISO 639-1 code, such as en or zh',
        colour:
          'not a setting of Deepgram Nova; its settings are apiKey, model, languageHints, enableSpeakerDiarization, endpoint',
      },
    });
    expect(storedSecrets()).toEqual({ providers: { deepgram: { apiKey: deepgramKey } } });
  });

  it('allows an incomplete configuration and says what is missing', async () => {
    const { status, json } = await call('PUT', '/providers/P09/config', {
      values: { apiToken: 'cf-token-1234' },
    });
    expect(status).toBe(200);
    expect(json.provider).toMatchObject({ problems: ['accountId is required'], ready: false });
  });

  it('asks once for both hosts when P07’s REST and streaming addresses move the key together', async () => {
    await call('PUT', '/providers/P07/config', { values: { apiKey: 'aai-secret-key-1234' } });
    const eu = {
      endpoint: 'https://api.eu.assemblyai.com/v2',
      streamingEndpoint: 'wss://streaming.eu.assemblyai.com',
    };
    const hosts = 'https://api.eu.assemblyai.com and https://streaming.eu.assemblyai.com';
    const asked = await call('PUT', '/providers/P07/config', { values: eu });
    expect(asked.status).toBe(409);
    expect(asked.json).toMatchObject({ code: 'confirmation_required', host: hosts });
    const onlyTheFirst = await call('PUT', '/providers/P07/config', {
      values: eu,
      confirmSecretDestination: 'https://api.eu.assemblyai.com',
    });
    expect(onlyTheFirst.status).toBe(409);
    const confirmed = await call('PUT', '/providers/P07/config', {
      values: eu,
      confirmSecretDestination: hosts,
    });
    expect(confirmed.status).toBe(200);
    expect((await view('P07')).values).toMatchObject(eu);
  });

  it('answers 404 for an unknown provider and 400 for a body that is not {values}', async () => {
    const unknown = await call('PUT', '/providers/P15/config', { values: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({
      code: 'provider_not_found',
      error: expect.stringContaining('P06 deepgram') as unknown,
    });
    for (const body of [{ apiKey: 'x' }, { values: { apiKey: { nested: true } } }, 'values']) {
      const refused = await call('PUT', '/providers/P06/config', body);
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe('invalid_request');
    }
  });
});

describe('POST /providers/:id/test', () => {
  let fake: StreamingFake;
  beforeAll(async () => (fake = await deepgramFixture.start()));
  afterAll(async () => fake.close());

  it('checks the stored configuration against the upstream', async () => {
    await call('PUT', '/providers/P06/config', {
      values: { apiKey: 'dg-wrong-key-0000000000', endpoint: fake.baseUrl },
      confirmSecretDestination: fake.baseUrl,
    });
    const refused = await call('POST', '/providers/P06/test');
    expect(refused.status).toBe(200);
    expect(refused.json).toMatchObject({
      ok: false,
      message: expect.stringMatching(/refused the key \(401\): check apiKey/) as unknown,
    });
    expect(refused.text).not.toContain('dg-wrong-key-0000000000');

    await call('PUT', '/providers/P06/config', {
      values: deepgramFixture.config(fake) as Record<string, string>,
    });
    expect((await call('POST', '/providers/deepgram/test')).json).toEqual({
      ok: true,
      message: `Deepgram Nova accepted the settings and opened a live session at ${fake.baseUrl}.`,
    });
  });

  it('will not send a stored key to a host the endpoint moved to until the request confirms that host', async () => {
    await call('PUT', '/providers/P06/config', {
      values: deepgramFixture.config(fake) as Record<string, string>,
      confirmSecretDestination: fake.baseUrl,
    });
    const before = storedSecrets();
    const attacker = await startListener();
    try {
      const moved = await call('PUT', '/providers/P06/config', { values: { endpoint: attacker.url } });
      expect(moved.status).toBe(409);
      expect(moved.json).toEqual({
        error: `Your Deepgram Nova key will be sent to ${attacker.url}. Confirm to save.`,
        code: 'confirmation_required',
        host: attacker.url,
      });
      const wronglyConfirmed = await call('PUT', '/providers/P06/config', {
        values: { endpoint: `${attacker.url}/v1` },
        confirmSecretDestination: fake.baseUrl,
      });
      expect(wronglyConfirmed.status).toBe(409);
      expect(storedSecrets()).toEqual(before);

      const tested = await call('POST', '/providers/P06/test');
      expect(tested.json).toMatchObject({
        ok: true,
        message: expect.stringContaining(fake.baseUrl) as unknown,
      });
      expect(attacker.connections()).toBe(0);

      const confirmed = await call('PUT', '/providers/P06/config', {
        values: { endpoint: `${attacker.url}/v1` },
        confirmSecretDestination: `${attacker.url}/`,
      });
      expect(confirmed.status).toBe(200);
      expect(storedSecrets()).toMatchObject({ providers: { deepgram: { endpoint: `${attacker.url}/v1` } } });
      await call('POST', '/providers/P06/test');
      expect(attacker.connections()).toBeGreaterThan(0);
    } finally {
      await attacker.close();
    }
  });

  it('reports missing settings without a connection', async () => {
    const before = fake.connections.length;
    expect((await call('POST', '/providers/P06/test')).json).toEqual({
      ok: false,
      message: 'Deepgram Nova is not set up yet: apiKey is required.',
    });
    expect(fake.connections).toHaveLength(before);
    expect((await call('POST', '/providers/nope/test')).status).toBe(404);
  });
});

describe('P14 in a fresh data directory', () => {
  it('is not ready: its view and its Test name the missing binary and model and how to get each', async () => {
    const whisper = await view('P14');
    expect(whisper.ready).toBe(false);
    expect(whisper.problems[0]).toBe(unconfiguredRuntimeMessage);
    expect((await call('POST', '/providers/P14/test')).json).toEqual({
      ok: false,
      message: unconfiguredRuntimeMessage,
    });
  });

  it('refuses a modelPath outside the models folder, saving nothing and saying to import the model', async () => {
    const { status, json } = await call('PUT', '/providers/P14/config', { values: { modelPath: stubModel } });
    expect(status).toBe(400);
    expect(json).toEqual({
      error: 'Nothing was saved: one setting is not valid for whisper.cpp.',
      code: 'invalid_config',
      fields: {
        modelPath:
          `P14 reads only a model Earshot imported or downloaded into ${modelsDirectory(directory.path)}. ` +
          `To use ${stubModel}, run \`earshot runtime import-model ${stubModel}\`, which copies it there, or ` +
          '`earshot runtime download-model NAME`, and set modelPath to the path it prints.',
      },
    });
    expect(existsSync(join(directory.path, 'secrets.json')) ? storedSecrets() : {}).toEqual({});
    const escaping = join(modelsDirectory(directory.path), '..', 'elsewhere.bin');
    expect((await call('PUT', '/providers/P14/config', { values: { modelPath: escaping } })).status).toBe(
      400,
    );
    expect(
      (await call('PUT', '/providers/P14/config', { values: { modelPath: inModels('m.bin') } })).status,
    ).toBe(200);
  });

  it('refuses a binaryPath outside its runtime folder, saving nothing and saying to import the program', async () => {
    const modelPath = inModels('ggml.bin');
    await call('PUT', '/providers/P14/config', { values: { modelPath } });
    const script = join(directory.path, 'payload.sh');
    const { status, json } = await call('PUT', '/providers/whisper-cpp/config', {
      values: { binaryPath: script },
    });
    expect(status).toBe(400);
    expect(json).toEqual({
      error: 'Nothing was saved: one setting is not valid for whisper.cpp.',
      code: 'invalid_config',
      fields: {
        binaryPath:
          `P14 runs only a whisper-server that Earshot built or imported into ${binaryDirectory(directory.path)}. ` +
          `To use ${script}, run \`earshot runtime import-binary ${script}\`, which copies it there, and leave binaryPath empty.`,
      },
    });
    expect(storedSecrets()).toEqual({ providers: { 'whisper-cpp': { modelPath } } });
    const inFolder = managedBinaryPath(directory.path);
    expect((await call('PUT', '/providers/P14/config', { values: { binaryPath: inFolder } })).status).toBe(
      200,
    );
  });

  it('is still not ready once a model is chosen, while whisper-server is not built', async () => {
    const { path: modelPath } = await importModel(stubModel, directory.path);
    await call('PUT', '/providers/P14/config', { values: { modelPath } });
    expect(await view('P14')).toMatchObject({
      ready: false,
      problems: [expect.stringMatching(/^P14 whisper\.cpp is not set up: whisper-server is not built \(/)],
    });
  });
});

describe('GET /providers/:id/reachability', () => {
  const reachability = async (name: string) =>
    (await call('GET', `/providers/${name}/reachability`)).json.reachability as ProviderReachability;

  it('tells configured from reachable: a saved address where nothing listens is configured, not reachable', async () => {
    const address = `http://127.0.0.1:${await closedPort()}`;
    const { json } = await call('PUT', '/providers/P13/config', { values: { baseUrl: address } });
    expect(json.provider).toMatchObject({ configured: true, ready: true, runsOnUserServer: true });
    const started = performance.now();
    expect(await reachability('P13')).toEqual({
      state: 'unreachable',
      address,
      reason: 'connection refused',
      message:
        `Cannot reach P13 FunASR / SenseVoice server at ${address} (connection refused). ` +
        'Start the server, or fix its address. Fix it with: earshot providers set funasr baseUrl=URL',
    });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('finds a listening server reachable, and sends it nothing, not even a key the user stored', async () => {
    let received = '';
    const server: Server = createServer((socket) =>
      socket.on('data', (data: Buffer) => (received += data.toString())),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      await call('PUT', '/providers/P12/config', {
        values: { baseUrl: address, model: 'whisper-1', apiKey: 'local-secret-key-123' },
        confirmSecretDestination: address,
      });
      expect(await reachability('P12')).toEqual({ state: 'reachable', address });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toBe('');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('probes nothing for a server not configured yet, nor for a provider whose server is not the user’s', async () => {
    expect(await reachability('P13')).toMatchObject({
      state: 'unchecked',
      message: expect.stringContaining('not configured yet') as unknown,
    });
    await call('PUT', '/providers/P06/config', { values: { apiKey: deepgramKey } });
    expect(await reachability('P06')).toMatchObject({ state: 'unchecked' });
    expect((await call('GET', '/providers/P99/reachability')).status).toBe(404);
  });
});
