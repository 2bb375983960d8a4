import { APICallError, type JSONSchema7 } from 'ai';
import type { AiProviderConfig } from './aiProviderConfig.ts';

/**
 * How a structured answer is asked for, from the strictest a server may offer to what every model
 * can do: `schema` hands the server the JSON schema (OpenAI's and OpenAI-compatible servers'
 * `response_format` json_schema, a forced tool or Claude's output format, Gemini's
 * `responseJsonSchema`, Ollama's `format`); `json` asks for JSON mode (json_object, Gemini's
 * application/json, Ollama's `format: "json"`) with the schema described in the prompt; `text`
 * asks for nothing and describes the schema in the prompt only. The answer is read and checked
 * against the schema the same way after each.
 */
export type AnswerFormat = 'schema' | 'json' | 'text';

/** The formats to try for a provider, in order: a server that refuses one is asked with the next. */
export function answerFormatsFor(config: AiProviderConfig): AnswerFormat[] {
  // Claude has no JSON mode: the SDK drops a JSON request without a schema, so that step is plain text.
  if (config.kind === 'anthropic') return ['schema', 'text'];
  // The user (or the preset: DeepSeek) said the server takes no JSON schema: sending one would fail.
  if (config.kind === 'openai-compatible' && !config.structuredOutputs) return ['json', 'text'];
  return ['schema', 'json', 'text'];
}

/**
 * Words of a server refusing how the answer was asked for: DeepSeek's "This response_format type
 * is unavailable now", LM Studio's "'response_format.type' must be 'json_schema'", OpenAI's
 * "Invalid schema for response_format", Gemini's unknown or unsupported `responseJsonSchema` or
 * `response_mime_type`, an older Ollama's "invalid format".
 */
const formatRefusal =
  /response_?format|json_?schema|response_?schema|response_?mime_?type|structured output|json_object|json mode|invalid format/i;

/**
 * Whether `error` is the server refusing the answer format rather than the request: a 400 (or
 * 422) that speaks of it. Any other failure is the caller's to classify, and is not worked around.
 */
export function refusesAnswerFormat(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  if (error.statusCode !== 400 && error.statusCode !== 422) return false;
  return formatRefusal.test(`${error.message} ${error.responseBody ?? ''}`);
}

/**
 * What the prompt says about the answer's shape when the server is not given the schema. It is
 * written compactly, as it adds to a request that was sized without it.
 */
export function shapeInstruction(schema: JSONSchema7): string {
  const { $schema: _dialect, ...shape } = schema;
  return (
    'Answer with a single JSON value and nothing else: no text before or after it, no code fence. ' +
    `It must match this JSON Schema: ${JSON.stringify(shape)}`
  );
}
