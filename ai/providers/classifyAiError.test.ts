import { APICallError, JSONParseError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import type { AiProviderConfig } from './aiProviderConfig.ts';
import { classifyAiError } from './classifyAiError.ts';

const key = 'sk-proj-fake-0123456789';
const openAi: AiProviderConfig = {
  kind: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  apiKey: key,
};
const ollama: AiProviderConfig = {
  kind: 'ollama',
  baseUrl: 'http://127.0.0.1:11434',
  model: 'llama3.2',
  contextWindow: 131_072,
};

function answered(status: number, body: unknown, headers: Record<string, string> = {}): APICallError {
  const text = JSON.stringify(body);
  return new APICallError({
    message: 'from the SDK',
    url: 'https://api.openai.com/v1/chat/completions',
    requestBodyValues: {},
    statusCode: status,
    responseHeaders: headers,
    responseBody: text,
  });
}

describe('classifying AI provider errors beyond the conformance suite', () => {
  it('treats an exhausted account as permanent, unlike a rate limit', () => {
    const error = answered(429, {
      error: { message: 'You exceeded your current quota.', code: 'insufficient_quota' },
    });
    expect(classifyAiError(error, openAi)).toMatchObject({ kind: 'quota', transient: false });
  });

  it('reads the wait from retry-after-ms, or from retry-after as an HTTP date', () => {
    const inMs = answered(
      429,
      { error: { message: 'slow down' } },
      { 'retry-after-ms': '1500', 'retry-after': '2' },
    );
    expect(classifyAiError(inMs, openAi).retryAfterMs).toBe(1500);
    const date = new Date(Date.now() + 30_000).toUTCString();
    const asDate = classifyAiError(
      answered(503, { error: { message: 'busy' } }, { 'retry-after': date }),
      openAi,
    );
    expect(asDate).toMatchObject({ kind: 'server_error', transient: true });
    expect(asDate.retryAfterMs).toBeGreaterThan(25_000);
  });

  it('counts Anthropic’s 529 overloaded as a server error', () => {
    const error = answered(529, {
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    expect(classifyAiError(error, openAi)).toMatchObject({
      kind: 'server_error',
      transient: true,
      status: 529,
    });
  });

  it('tells a 404 that is not about the model as a wrong address', () => {
    const error = answered(404, { message: 'no route POST /chat/completions' });
    const classification = classifyAiError(error, openAi);
    expect(classification.kind).toBe('wrong_address');
    expect(classification.message).toContain('baseUrl=URL');
  });

  it('tells an Ollama that cannot fit the window in memory to lower contextWindow', () => {
    const error = answered(500, {
      error: 'model requires more system memory (24.0 GiB) than is available (8.0 GiB)',
    });
    const classification = classifyAiError(error, ollama, 'local');
    expect(classification).toMatchObject({ kind: 'context', transient: false });
    expect(classification.message).toContain('131072 tokens');
    expect(classification.message).toContain('earshot ai set ollama --name local contextWindow=');
  });

  it('looks through the SDK’s retries at the last error', () => {
    const last = answered(500, { error: { message: 'boom' } });
    const error = new RetryError({
      message: 'Failed after 3 attempts',
      reason: 'maxRetriesExceeded',
      errors: [last, last],
    });
    expect(classifyAiError(error, openAi)).toMatchObject({ kind: 'server_error', status: 500 });
  });

  it('tells cancelling, timing out, a dropped connection and an unreadable answer apart', () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    expect(classifyAiError(abort, openAi)).toMatchObject({ kind: 'cancelled', transient: false });
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(classifyAiError(timeout, openAi)).toMatchObject({ kind: 'timeout', transient: true });
    const reset = new APICallError({
      message: 'Cannot connect to API: other side closed',
      url: 'https://api.openai.com/v1/chat/completions',
      requestBodyValues: {},
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    expect(classifyAiError(reset, openAi)).toMatchObject({ kind: 'connection_lost', transient: true });
    const unreadable = new JSONParseError({ text: '{"title": ', cause: new SyntaxError('Unexpected end') });
    expect(classifyAiError(unreadable, openAi)).toMatchObject({ kind: 'invalid_answer', transient: false });
  });

  it('never repeats the key, even when the vendor quoted it', () => {
    const error = answered(401, {
      error: { message: `Incorrect API key provided: ${key}.`, code: 'invalid_api_key' },
    });
    const classification = classifyAiError(error, openAi);
    expect(classification.kind).toBe('bad_key');
    expect(classification.message).toContain('Incorrect API key provided: [redacted]');
    expect(classification.message).not.toContain(key);
  });
});
