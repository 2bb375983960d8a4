/**
 * The kinds of AI (LLM) provider Earshot speaks to, one wire protocol each, and what a person needs
 * to know about each to set it up: where the vendor is, whether it wants a key, where to get one,
 * and how to see which models there are.
 */
export const aiProviderKinds = ['openai', 'anthropic', 'google', 'openai-compatible', 'ollama'] as const;

export type AiProviderKind = (typeof aiProviderKinds)[number];

export interface AiProviderKindFacts {
  /** For people: "OpenAI", "Ollama". */
  name: string;
  /** The vendor's own address; none for an OpenAI-compatible server, which is the user's or a preset's. */
  defaultBaseUrl?: string;
  needsApiKey: boolean;
  /** Where to get a key, for a kind that needs one. */
  keyPage?: string;
  /** How to list the models a server has, said so a person can do it. */
  listingModels: string;
}

export const aiProviderKindFacts: Record<AiProviderKind, AiProviderKindFacts> = {
  openai: {
    name: 'OpenAI',
    defaultBaseUrl: 'https://api.openai.com/v1',
    needsApiKey: true,
    keyPage: 'https://platform.openai.com/api-keys',
    listingModels: 'see https://platform.openai.com/docs/models, or GET <baseUrl>/models with your key',
  },
  anthropic: {
    name: 'Anthropic',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    needsApiKey: true,
    keyPage: 'https://console.anthropic.com/settings/keys',
    listingModels:
      'see https://docs.anthropic.com/en/docs/about-claude/models, or GET <baseUrl>/models with your key',
  },
  google: {
    name: 'Google Gemini',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    needsApiKey: true,
    keyPage: 'https://aistudio.google.com/apikey',
    listingModels: 'see https://ai.google.dev/gemini-api/docs/models, or GET <baseUrl>/models with your key',
  },
  'openai-compatible': {
    name: 'OpenAI-compatible server',
    needsApiKey: false,
    listingModels: 'GET <baseUrl>/models lists the models the server offers',
  },
  ollama: {
    name: 'Ollama',
    defaultBaseUrl: 'http://127.0.0.1:11434',
    needsApiKey: false,
    listingModels: 'run `ollama list` on the Ollama host, and `ollama pull MODEL` to download one',
  },
};

export function isAiProviderKind(value: unknown): value is AiProviderKind {
  return (aiProviderKinds as readonly unknown[]).includes(value);
}
