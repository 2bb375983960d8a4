import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { wrapLanguageModel, type LanguageModel } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import type { AiProviderConfig } from './aiProviderConfig.ts';
import { contextWindowOf } from './contextWindows.ts';
import { ollamaOptions } from './ollamaOptions.ts';

/**
 * The AI SDK model for a provider's checked settings. Every address and key is passed in, so the
 * SDK never falls back to an environment variable (OPENAI_API_KEY, OPENAI_BASE_URL, …) the user
 * did not choose for Earshot.
 */
export function languageModelFor(config: AiProviderConfig): LanguageModel {
  switch (config.kind) {
    case 'openai':
      // Chat completions rather than the SDK's default Responses API: it is what gateways and proxies
      // put in front of OpenAI speak too, and the one protocol shared with OpenAI-compatible servers.
      return createOpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey }).chat(config.model);
    case 'anthropic':
      return createAnthropic({ baseURL: config.baseUrl, apiKey: config.apiKey })(config.model);
    case 'google':
      return createGoogleGenerativeAI({ baseURL: config.baseUrl, apiKey: config.apiKey })(config.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl,
        ...(config.apiKey === undefined ? {} : { apiKey: config.apiKey }),
        supportsStructuredOutputs: config.structuredOutputs,
        // Token counts on streamed answers too, for the jobs' progress and figures.
        includeUsage: true,
      })(config.model);
    case 'ollama':
      return wrapLanguageModel({
        model: createOllama({
          baseURL: ollamaApiUrl(config.baseUrl),
          ...(config.apiKey === undefined ? {} : { headers: { Authorization: `Bearer ${config.apiKey}` } }),
        })(config.model),
        middleware: ollamaOptions(contextWindowOf(config).tokens),
      });
  }
}

/** Ollama's native API is under /api; the address people know (OLLAMA_HOST) is the server's root. */
function ollamaApiUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '').replace(/\/api$/, '')}/api`;
}
