import { generateText } from 'ai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOllamaFake, type OllamaFake } from '../../test/fakes/ai/ollamaFake.ts';
import { startOpenAiChatFake } from '../../test/fakes/ai/openAiChatFake.ts';
import type { FakeAiServer } from '../../test/fakes/ai/scriptedAnswers.ts';
import { languageModelFor } from './languageModel.ts';

let server: FakeAiServer;
let ollama: OllamaFake;

beforeAll(async () => {
  server = await startOpenAiChatFake({ models: ['local-model'] });
  ollama = await startOllamaFake({ models: ['llama3.2'] });
});
afterAll(async () => {
  await server.close();
  await ollama.close();
});

it('sends no Authorization header to an OpenAI-compatible server without a key', async () => {
  const model = languageModelFor({
    kind: 'openai-compatible',
    baseUrl: server.baseUrl,
    model: 'local-model',
    structuredOutputs: true,
  });
  await generateText({ model, prompt: 'hello' });
  expect(server.requests.at(-1)?.headers).not.toHaveProperty('authorization');
});

it('reaches Ollama’s native API whether baseUrl names the server or its /api', async () => {
  for (const baseUrl of [ollama.baseUrl, `${ollama.baseUrl}/`, `${ollama.baseUrl}/api`]) {
    await generateText({
      model: languageModelFor({ kind: 'ollama', baseUrl, model: 'llama3.2' }),
      prompt: 'hello',
    });
    expect(ollama.requests.at(-1)?.url).toBe('/api/chat');
  }
  expect(ollama.requests.at(-1)?.headers).not.toHaveProperty('authorization');
});

it('ignores the vendors’ environment variables', async () => {
  process.env.OPENAI_BASE_URL = 'http://127.0.0.1:1/v1';
  try {
    const model = languageModelFor({
      kind: 'openai',
      baseUrl: server.baseUrl,
      model: 'local-model',
      apiKey: 'sk-0123456789',
    });
    await generateText({ model, prompt: 'hello' });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-0123456789');
  } finally {
    delete process.env.OPENAI_BASE_URL;
  }
});
