import type { LanguageModelMiddleware } from 'ai';

type CallOptions = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params'];

/**
 * What Ollama's native /api/chat reads from its `options` object, set on every call: `num_ctx` is
 * the context window, without which Ollama loads the model with its own small default and silently
 * cuts longer prompts from the front. It is always the configured window, whatever a caller passes,
 * so that no request is sized against a window the model was not given. The provider library sends
 * `temperature` and the output limit beside `options`, where Ollama ignores them, so they are
 * copied in as `temperature` and `num_predict`.
 */
export function ollamaOptions(contextWindow: number): LanguageModelMiddleware {
  return {
    transformParams: ({ params }) => Promise.resolve(withOllamaOptions(params, contextWindow)),
  };
}

function withOllamaOptions(params: CallOptions, contextWindow: number): CallOptions {
  const ollama = params.providerOptions?.ollama ?? {};
  const given = typeof ollama.options === 'object' && ollama.options !== null ? ollama.options : {};
  return {
    ...params,
    providerOptions: {
      ...params.providerOptions,
      ollama: {
        ...ollama,
        options: {
          ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
          ...(params.maxOutputTokens === undefined ? {} : { num_predict: params.maxOutputTokens }),
          ...given,
          num_ctx: contextWindow,
        },
      },
    },
  };
}
