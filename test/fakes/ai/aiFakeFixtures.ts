import type { AiProviderKind } from '../../../ai/providers/aiProviderKinds.ts';
import { startAnthropicFake } from './anthropicFake.ts';
import { startGeminiFake } from './geminiFake.ts';
import { startOllamaFake } from './ollamaFake.ts';
import { startOpenAiChatFake } from './openAiChatFake.ts';
import type { FakeAiServer } from './scriptedAnswers.ts';

/** How the AI conformance suite drives one kind of provider against its fake. */
export interface AiFakeFixture {
  kind: AiProviderKind;
  /** The fake with its usual limits. */
  start(): Promise<FakeAiServer>;
  /** The fake with a context (or, for Ollama, memory) too small for the configured window's requests. */
  startTooSmall(): Promise<FakeAiServer>;
  /** Stored settings aimed at the fake, with the key it accepts. */
  config(fake: FakeAiServer): Record<string, unknown>;
  /** The key in `config`, which no message or log line may show. */
  key: string;
  /** Whether a request asked for a JSON-schema answer the way this vendor is asked. */
  asksForSchema(body: Record<string, unknown>): boolean;
}

/** Model names the fakes have; each is one of its vendor's real names. */
const openAiModel = 'gpt-4o-mini';
const anthropicModel = 'claude-3-5-haiku-latest';
const geminiModel = 'gemini-2.0-flash';
const compatibleModel = 'Qwen/Qwen2.5-7B-Instruct';
const ollamaModel = 'llama3.2';
/** Far below any prompt the suite sends. */
const tinyContext = 50;

const hasSchema = (value: unknown) => typeof value === 'object' && value !== null && 'properties' in value;

export const aiFakeFixtures: AiFakeFixture[] = [
  {
    kind: 'openai',
    key: 'sk-proj-fake-openai-key-0123456789',
    start() {
      return startOpenAiChatFake({ apiKey: this.key, models: [openAiModel] });
    },
    startTooSmall() {
      return startOpenAiChatFake({ apiKey: this.key, models: [openAiModel], contextTokens: tinyContext });
    },
    config(fake) {
      return { kind: 'openai', baseUrl: fake.baseUrl, model: openAiModel, apiKey: this.key };
    },
    asksForSchema: (body) => {
      const format = body.response_format as
        { type?: string; json_schema?: { schema?: unknown } } | undefined;
      return format?.type === 'json_schema' && hasSchema(format.json_schema?.schema);
    },
  },
  {
    kind: 'anthropic',
    key: 'sk-ant-api03-fake-anthropic-key-0123456789',
    start() {
      return startAnthropicFake({ apiKey: this.key, models: [anthropicModel] });
    },
    startTooSmall() {
      return startAnthropicFake({ apiKey: this.key, models: [anthropicModel], contextTokens: tinyContext });
    },
    config(fake) {
      return { kind: 'anthropic', baseUrl: fake.baseUrl, model: anthropicModel, apiKey: this.key };
    },
    // The SDK asks Claude for an object through one tool whose input schema is the object's, forced.
    asksForSchema: (body) => {
      const tools = body.tools as Array<{ input_schema?: unknown }> | undefined;
      const choice = body.tool_choice as { type?: string } | undefined;
      return (
        tools?.length === 1 &&
        hasSchema(tools[0]?.input_schema) &&
        (choice?.type === 'any' || choice?.type === 'tool')
      );
    },
  },
  {
    kind: 'google',
    key: 'AIzaSyFakeGeminiKey0123456789',
    start() {
      return startGeminiFake({ apiKey: this.key, models: [geminiModel] });
    },
    startTooSmall() {
      return startGeminiFake({ apiKey: this.key, models: [geminiModel], contextTokens: tinyContext });
    },
    config(fake) {
      return { kind: 'google', baseUrl: fake.baseUrl, model: geminiModel, apiKey: this.key };
    },
    asksForSchema: (body) => {
      const generation = body.generationConfig as
        { responseMimeType?: string; responseJsonSchema?: unknown; responseSchema?: unknown } | undefined;
      return (
        generation?.responseMimeType === 'application/json' &&
        (hasSchema(generation.responseJsonSchema) || hasSchema(generation.responseSchema))
      );
    },
  },
  {
    kind: 'openai-compatible',
    key: 'vllm-fake-server-key-0123456789',
    start() {
      return startOpenAiChatFake({ apiKey: this.key, models: [compatibleModel] });
    },
    startTooSmall() {
      return startOpenAiChatFake({ apiKey: this.key, models: [compatibleModel], contextTokens: tinyContext });
    },
    config(fake) {
      return {
        kind: 'openai-compatible',
        preset: 'vllm',
        baseUrl: fake.baseUrl,
        model: compatibleModel,
        apiKey: this.key,
      };
    },
    asksForSchema: (body) => {
      const format = body.response_format as
        { type?: string; json_schema?: { schema?: unknown } } | undefined;
      return format?.type === 'json_schema' && hasSchema(format.json_schema?.schema);
    },
  },
  {
    kind: 'ollama',
    // Ollama itself takes no key; this one stands for the Bearer token of a proxy in front of it.
    key: 'ollama-proxy-fake-token-0123456789',
    start() {
      return startOllamaFake({ apiKey: this.key, models: [ollamaModel] });
    },
    startTooSmall() {
      return startOllamaFake({ apiKey: this.key, models: [ollamaModel], memoryForTokens: 4096 });
    },
    config(fake) {
      return { kind: 'ollama', baseUrl: fake.baseUrl, model: ollamaModel, apiKey: this.key };
    },
    asksForSchema: (body) => hasSchema(body.format),
  },
];
