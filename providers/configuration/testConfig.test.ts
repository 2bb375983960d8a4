/// <reference types="vite/client" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderDefinition, ResolveBaseUrl } from '../contract.ts';
import { configuredAddress } from '../providerAddress.ts';
import { findProvider } from '../registry.ts';
import { streamingFixture as deepgramFixture } from '../../test/fakes/deepgram/streamingFixture.ts';
import { fixture as groqFixture } from '../../test/fakes/groq/fixture.ts';
import { fixture as openAiCompatibleFixture } from '../../test/fakes/openai-compatible/fixture.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import type { StreamingFake, StreamingFakeFixture } from '../../test/fakes/streaming/streamingFake.ts';
import { closedPort } from '../../test/support/closedPort.ts';

function provider(name: string): ProviderDefinition<unknown> {
  const definition = findProvider(name);
  if (definition === undefined) throw new Error(`no provider ${name}`);
  return definition;
}

/**
 * Where the settings say the provider is, as file jobs find it for every provider but P14, whose
 * runtime start is tested in test/integration/managedRuntimeTestConfig.test.ts.
 */
const resolveBaseUrl: ResolveBaseUrl = (definition, config) =>
  Promise.resolve(configuredAddress(definition, config) ?? definition.metadata.defaultBaseUrl);

const streamingFixtures = Object.values(
  import.meta.glob<{ streamingFixture: StreamingFakeFixture }>('../../test/fakes/*/streamingFixture.ts', {
    eager: true,
  }),
).map((module) => module.streamingFixture);

describe.each(streamingFixtures)('streaming provider $providerId, against its live fake', (fixture) => {
  const definition = provider(fixture.providerId);
  let fake: StreamingFake;
  beforeAll(async () => (fake = await fixture.start()));
  afterAll(async () => fake.close());

  it('passes with a key the vendor accepts', async () => {
    expect(await definition.testConfig(fixture.config(fake), { resolveBaseUrl })).toEqual({
      ok: true,
      message: `${definition.metadata.name} accepted the settings and opened a live session at ${fake.baseUrl}.`,
    });
  });

  // P01 takes its key in the first message and refuses it after the socket opened.
  it('fails with a refused key, naming the credentials to check and never showing them', async () => {
    const config = fixture.badCredentialConfig(fake);
    const check = await definition.testConfig(config, { resolveBaseUrl });
    expect(check.ok).toBe(false);
    expect(check.message).toContain(
      `${definition.metadata.name} refused the key (401): check ${definition.metadata.secretFields.join(' and ')}.`,
    );
    for (const field of definition.metadata.secretFields)
      expect(check.message).not.toContain(String(config[field]));
  });
});

describe('a streaming provider (P06 Deepgram, against its live fake)', () => {
  const deepgram = provider('P06');
  let fake: StreamingFake;
  beforeAll(async () => (fake = await deepgramFixture.start()));
  afterAll(async () => fake.close());

  it('opens the session with the stored key and leaves no connection open', async () => {
    expect((await deepgram.testConfig(deepgramFixture.config(fake), { resolveBaseUrl })).ok).toBe(true);
    const connection = fake.connections.at(-1);
    expect(connection?.headers.authorization).toBe(`Token ${deepgramFixture.secrets(fake)[0]}`);
    await expect.poll(() => connection?.closeCode).toBeDefined();
  });

  it('fails without touching the network when the configuration is incomplete', async () => {
    const before = fake.connections.length;
    const check = await deepgram.testConfig({ endpoint: fake.baseUrl }, { resolveBaseUrl });
    expect(check).toEqual({ ok: false, message: 'Deepgram Nova is not set up yet: apiKey is required.' });
    expect(fake.connections).toHaveLength(before);
  });

  it('says where it could not connect and which setting says so', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const check = await deepgram.testConfig({ apiKey: 'dg-some-key-123456', endpoint }, { resolveBaseUrl });
    expect(check.ok).toBe(false);
    expect(check.message).toMatch(
      new RegExp(`^Could not reach Deepgram Nova at ${endpoint}: check endpoint and the network\\.`),
    );
  });
});

it('names the streaming address and its setting when P07 cannot reach it, not the REST endpoint', async () => {
  const streamingEndpoint = `http://127.0.0.1:${await closedPort()}`;
  const check = await provider('P07').testConfig(
    { apiKey: 'aai-some-key-123456', endpoint: 'https://api.eu.assemblyai.com/v2', streamingEndpoint },
    { resolveBaseUrl },
  );
  expect(check.ok).toBe(false);
  expect(check.message).toMatch(
    new RegExp(
      `^Could not reach AssemblyAI Universal at ${streamingEndpoint}: check streamingEndpoint and the network\\.`,
    ),
  );
});

describe.each([
  ['P11 Groq', provider('groq'), groqFixture],
  ['P12 OpenAI-compatible', provider('openai-compatible'), openAiCompatibleFixture],
] as const)('a batch provider (%s, against its fake)', (_name, definition, fixture) => {
  let fake: ProviderFake;
  beforeAll(async () => (fake = await fixture.start()));
  afterAll(async () => fake.close());

  it('passes when it transcribes the test clip, which is half a second of 16 kHz audio', async () => {
    const before = fake.requests.length;
    const check = await definition.testConfig(fixture.config(fake), { resolveBaseUrl });
    expect(check).toEqual({
      ok: true,
      message: expect.stringMatching(
        /transcribed a half-second test clip at http:\/\/127\.0\.0\.1:\d+.*: the settings work\.$/,
      ) as unknown,
    });
    expect(fake.requests.length).toBeGreaterThan(before);
  });

  it('fails on a refused key, names the field to check and never shows the key', async () => {
    const config = fixture.badCredentialConfig?.(fake) ?? {};
    const check = await definition.testConfig(config, { resolveBaseUrl });
    expect(check.ok).toBe(false);
    expect(check.message).toMatch(/refused the key \(401\): check apiKey\./);
    expect(check.message).not.toContain(String(config.apiKey));
  });

  it('fails without a request when the configuration is incomplete', async () => {
    const before = fake.requests.length;
    const check = await definition.testConfig({}, { resolveBaseUrl });
    expect(check.ok).toBe(false);
    expect(check.message).toMatch(/is not set up yet: .*required/);
    expect(fake.requests).toHaveLength(before);
  });
});

describe('a provider on the managed runtime (P14 whisper.cpp)', () => {
  it('answers with what the runtime lacks, as it is, before anything else', async () => {
    const runtimeProblem = 'P14 whisper.cpp is not set up: whisper-server is not built (…).';
    const check = await provider('P14').testConfig({}, { resolveBaseUrl, runtimeProblem });
    expect(check).toEqual({ ok: false, message: runtimeProblem });
  });
});
