import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAiSettings } from '../../store/aiProviderSettings.ts';
import { secretsFileName } from '../../store/secretsFile.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { startOpenAiChatFake } from '../../test/fakes/ai/openAiChatFake.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createAiProviderControl, type AiProvidersAnswer } from './aiProviderControl.ts';

const key = 'sk-proj-control-secret-0123456789';
let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let app: Hono;

beforeEach(() => {
  directory = temporaryDirectory('ai-provider-control');
  store = SessionStore.open(directory.path);
  app = new Hono().route('/control/v1', createAiProviderControl({ dataDirectory: directory.path, store }));
});
afterEach(() => {
  store.close();
  directory.remove();
});

async function call(method: string, path: string, body?: unknown) {
  const response = await app.request(`/control/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as Record<string, unknown> };
}

describe('the AI provider routes', () => {
  it('add a provider, show it with its key only "set", and keep the key in secrets.json alone', async () => {
    const added = await call('PUT', '/ai-providers/cloud', {
      kind: 'openai',
      values: { model: 'gpt-4o-mini', apiKey: key, contextWindow: '64000' },
    });
    expect(added.status).toBe(200);
    expect(added.json.provider).toMatchObject({
      name: 'cloud',
      kind: 'openai',
      apiKey: 'set',
      model: 'gpt-4o-mini',
      contextWindow: { tokens: 64_000, source: 'set' },
      isDefault: true,
      ready: true,
    });
    const listed = await call('GET', '/ai-providers');
    const shown = await call('GET', '/ai-providers/cloud');
    for (const answer of [added, listed, shown]) expect(answer.text).not.toContain(key);
    expect(listed.json).toMatchObject({ defaultAiProvider: 'cloud', topicAiProviders: {} });
    expect(readFileSync(join(directory.path, secretsFileName), 'utf8')).toContain(key);
    expect(JSON.stringify(store.listSessions({ limit: 100, offset: 0 }))).not.toContain(key);
  });

  it('refuse wrong values field by field, and a key bound for a new host until it is confirmed', async () => {
    const wrong = await call('PUT', '/ai-providers/cloud', {
      kind: 'openai',
      values: { model: 'gpt-4o-mini', contextWindow: 'lots', colour: 'blue' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      code: 'invalid_config',
      fields: { contextWindow: expect.any(String) as unknown, colour: expect.any(String) as unknown },
    });
    expect(readAiSettings(directory.path)).toEqual({});

    await call('PUT', '/ai-providers/cloud', {
      kind: 'openai',
      values: { model: 'gpt-4o-mini', apiKey: key },
    });
    const moved = await call('PUT', '/ai-providers/cloud', {
      values: { baseUrl: 'https://llm.example.com/v1' },
    });
    expect(moved.status).toBe(409);
    expect(moved.json).toMatchObject({ code: 'confirmation_required', host: 'https://llm.example.com' });
    const confirmed = await call('PUT', '/ai-providers/cloud', {
      values: { baseUrl: 'https://llm.example.com/v1' },
      confirmSecretDestination: 'https://llm.example.com',
    });
    expect(confirmed.json.provider).toMatchObject({ baseUrl: 'https://llm.example.com/v1' });

    expect((await call('PUT', '/ai-providers/cloud', { kind: 'anthropic', values: {} })).json).toMatchObject({
      code: 'invalid_request',
    });
    expect((await call('PUT', '/ai-providers/cloud', { values: [] })).json).toMatchObject({
      code: 'invalid_request',
    });
  });

  it('test a provider against its server, and say which names there are for an unknown one', async () => {
    const fake = await startOpenAiChatFake({ apiKey: key, models: ['gpt-4o-mini'] });
    try {
      await call('PUT', '/ai-providers/cloud', {
        kind: 'openai',
        values: { model: 'gpt-4o-mini', apiKey: key, baseUrl: fake.baseUrl },
        confirmSecretDestination: new URL(fake.baseUrl).origin,
      });
      const tested = await call('POST', '/ai-providers/cloud/test');
      expect(tested.json).toMatchObject({ ok: true });
      expect(tested.text).not.toContain(key);
      const missing = await call('POST', '/ai-providers/other/test');
      expect(missing.status).toBe(404);
      expect(missing.json).toMatchObject({
        code: 'ai_provider_not_found',
        error: 'There is no AI provider "other". The AI providers are: cloud.',
      });
    } finally {
      await fake.close();
    }
  });

  it('give a topic its own provider, and forget it with the provider', async () => {
    store.putTopic({ id: 'topic-lectures', name: 'Lectures', emoji: '🎓', description: '' });
    await call('PUT', '/ai-providers/local', { kind: 'ollama', values: { model: 'llama3.2' } });
    await call('PUT', '/ai-providers/cloud', {
      kind: 'openai',
      values: { model: 'gpt-4o-mini', apiKey: key },
    });
    const chosen = await call('PUT', '/topics/topic-lectures/ai-provider', { name: 'cloud' });
    expect(chosen.json).toEqual({ topicId: 'topic-lectures', aiProvider: 'cloud' });
    expect((await call('PUT', '/topics/nope/ai-provider', { name: 'cloud' })).json).toMatchObject({
      code: 'topic_not_found',
    });
    expect((await call('PUT', '/topics/topic-lectures/ai-provider', { name: 'gone' })).json).toMatchObject({
      code: 'ai_provider_not_found',
    });
    const removed = await call('DELETE', '/ai-providers/cloud');
    expect(removed.json).toMatchObject({ defaultAiProvider: 'local', topicAiProviders: {} });
    expect((await call('DELETE', '/ai-providers/cloud')).status).toBe(404);
  });

  it('turn the automatic digest on and off, off by default until a provider exists', async () => {
    expect((await call('GET', '/ai-providers')).json).toMatchObject({ automaticDigest: false });
    await call('PUT', '/ai-providers/local', { kind: 'ollama', values: { model: 'llama3.2' } });
    expect((await call('GET', '/ai-providers')).json).toMatchObject({ automaticDigest: true });
    const off = await call('PUT', '/automatic-digest', { automaticDigest: false });
    expect(off.json).toMatchObject({ automaticDigest: false, defaultAiProvider: 'local' });
    expect(readAiSettings(directory.path).automaticDigest).toBe(false);
    expect((await call('PUT', '/automatic-digest', { automaticDigest: 'yes' })).json).toMatchObject({
      code: 'invalid_request',
    });
    expect(readAiSettings(directory.path).automaticDigest).toBe(false);
  });

  it('offer each kind with its form fields, the key a password field, and the known servers', async () => {
    const { kinds, presets } = (await call('GET', '/ai-providers')).json as unknown as AiProvidersAnswer;
    const openAi = kinds.find((kind) => kind.kind === 'openai');
    expect(openAi?.fields.map((field) => [field.name, field.kind])).toEqual([
      ['baseUrl', 'url'],
      ['model', 'text'],
      ['apiKey', 'secret'],
      ['contextWindow', 'integer'],
    ]);
    const compatible = kinds.find((kind) => kind.kind === 'openai-compatible');
    expect(compatible?.fields.find((field) => field.name === 'preset')?.choices).toContain('groq');
    expect(presets).toContainEqual(expect.objectContaining({ preset: 'groq', name: 'Groq' }));
  });
});
