/**
 * Servers that speak OpenAI's chat completions, by name, so that `preset=groq` is all it takes to
 * point an `openai-compatible` provider at one: the preset fills `baseUrl` (which the user may still
 * override) and says whether the server takes a JSON schema for structured output.
 */
export const openAiCompatiblePresetNames = [
  'deepseek',
  'groq',
  'openrouter',
  'mistral',
  'siliconflow',
  'lmstudio',
  'vllm',
  'llamacpp',
] as const;

export type OpenAiCompatiblePresetName = (typeof openAiCompatiblePresetNames)[number];

export interface OpenAiCompatiblePreset {
  /** For people: "DeepSeek", "llama.cpp server". */
  name: string;
  baseUrl: string;
  /** A cloud service wants a key; a server on this computer usually does not. */
  needsApiKey: boolean;
  /**
   * The server accepts `response_format: {type: "json_schema"}`. DeepSeek takes only JSON mode
   * (`json_object`), so for it a schema has to travel in the prompt.
   */
  structuredOutputs: boolean;
}

export const openAiCompatiblePresets: Record<OpenAiCompatiblePresetName, OpenAiCompatiblePreset> = {
  deepseek: {
    name: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com/v1',
    needsApiKey: true,
    structuredOutputs: false,
  },
  groq: {
    name: 'Groq',
    baseUrl: 'https://api.groq.com/openai/v1',
    needsApiKey: true,
    structuredOutputs: true,
  },
  openrouter: {
    name: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsApiKey: true,
    structuredOutputs: true,
  },
  mistral: {
    name: 'Mistral',
    baseUrl: 'https://api.mistral.ai/v1',
    needsApiKey: true,
    structuredOutputs: true,
  },
  siliconflow: {
    name: 'SiliconFlow',
    baseUrl: 'https://api.siliconflow.cn/v1',
    needsApiKey: true,
    structuredOutputs: true,
  },
  lmstudio: {
    name: 'LM Studio',
    baseUrl: 'http://127.0.0.1:1234/v1',
    needsApiKey: false,
    structuredOutputs: true,
  },
  vllm: { name: 'vLLM', baseUrl: 'http://127.0.0.1:8000/v1', needsApiKey: false, structuredOutputs: true },
  llamacpp: {
    name: 'llama.cpp server',
    baseUrl: 'http://127.0.0.1:8080/v1',
    needsApiKey: false,
    structuredOutputs: true,
  },
};

/** The preset a stored `preset` value names, if it names one. */
export function presetNamed(value: unknown): OpenAiCompatiblePreset | undefined {
  return (openAiCompatiblePresetNames as readonly unknown[]).includes(value)
    ? openAiCompatiblePresets[value as OpenAiCompatiblePresetName]
    : undefined;
}
