import type { AiProviderKind } from './aiProviderKinds.ts';

/**
 * How many tokens a model reads and writes in one request: its context window. Jobs size their
 * prompts by it, and Ollama is told it as `num_ctx`, since Ollama's own default (2k–4k) would
 * silently cut a longer prompt. The user's `contextWindow` setting wins; else a known model's size
 * from the table below; else a small window every current model has, which is safe (a long
 * transcript is cut into more parts) but slower.
 */
export const defaultContextWindow = 8192;

interface KnownWindow {
  /** Matched against the model name (for an OpenAI-compatible server, the part after its last "/"). */
  pattern: RegExp;
  tokens: number;
}

const openAiModels: KnownWindow[] = [
  { pattern: /^gpt-4o/, tokens: 128_000 },
  { pattern: /^gpt-4\.1/, tokens: 1_047_576 },
  { pattern: /^gpt-4-turbo/, tokens: 128_000 },
  { pattern: /^gpt-3\.5-turbo/, tokens: 16_385 },
  // GPT-5 takes 400k tokens in all, of which at most 272k of input.
  { pattern: /^gpt-5/, tokens: 272_000 },
  { pattern: /^o[134](-|$)/, tokens: 200_000 },
];
const anthropicModels: KnownWindow[] = [{ pattern: /^claude-/, tokens: 200_000 }];
const googleModels: KnownWindow[] = [{ pattern: /^gemini-/, tokens: 1_048_576 }];

/**
 * On Ollama the window is memory on the user's machine, so these are the sizes that run well on an
 * ordinary one rather than the most the model could take.
 */
const ollamaModels: KnownWindow[] = [
  { pattern: /^llama3/, tokens: 8192 },
  { pattern: /^llama2/, tokens: 4096 },
  { pattern: /^phi3/, tokens: 4096 },
];

const knownWindows: Record<AiProviderKind, KnownWindow[]> = {
  openai: openAiModels,
  anthropic: anthropicModels,
  google: googleModels,
  // Gateways such as OpenRouter name other vendors' models ("anthropic/claude-3.5-sonnet").
  'openai-compatible': [
    { pattern: /^deepseek-(chat|reasoner)/, tokens: 65_536 },
    ...openAiModels,
    ...anthropicModels,
    ...googleModels,
  ],
  ollama: ollamaModels,
};

export interface ContextWindow {
  tokens: number;
  /** `set`: the user's contextWindow; `known`: the table's size for the model; `default`: neither. */
  source: 'set' | 'known' | 'default';
  /** For `default`: that the size is a guess, and how to give the real one. */
  note?: string;
}

export function contextWindowOf(config: {
  kind: AiProviderKind;
  model: string;
  contextWindow?: number | undefined;
}): ContextWindow {
  if (config.contextWindow !== undefined) return { tokens: config.contextWindow, source: 'set' };
  const name = config.kind === 'openai-compatible' ? (config.model.split('/').pop() ?? '') : config.model;
  const known = knownWindows[config.kind].find(({ pattern }) => pattern.test(name.toLowerCase()));
  if (known !== undefined) return { tokens: known.tokens, source: 'known' };
  return {
    tokens: defaultContextWindow,
    source: 'default',
    note:
      `${config.model} is not a model Earshot knows, so its context window is taken as ${defaultContextWindow} tokens, ` +
      "which every current model has; set contextWindow to the model's real size to send longer parts.",
  };
}
