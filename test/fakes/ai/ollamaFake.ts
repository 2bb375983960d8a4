/**
 * Ollama's native chat API (`POST /api/chat`): a JSON message, or with `stream: true` (Ollama's
 * default) newline-delimited JSON chunks, the last `done: true` with its counts; `format` (a JSON
 * schema, or "json") answered with JSON text; tool calls with their arguments as an object. As
 * Ollama does, it reads the context window from `options.num_ctx` (else its own 4096) and silently
 * keeps only the end of a longer prompt; it records each request's window and whether it cut, so
 * tests can see that Earshot sent the window it was configured with. Errors are Ollama's
 * `{"error": "…"}`: 404 for a model that is not pulled, 500 when the window needs more memory than
 * the host has. `apiKey` stands for an Ollama behind a proxy that wants a Bearer token.
 */
import { type FakeReply, startFakeHttpServer } from '../fakeHttpServer.ts';
import {
  AnswerScript,
  answerText,
  estimatedTokens,
  type FakeAiServer,
  heldUntilClientGone,
  parseJsonBody,
  type RenderedAnswer,
  streamedPieces,
} from './scriptedAnswers.ts';

export interface OllamaFakeOptions {
  models: string[];
  apiKey?: string;
  /** The largest num_ctx this host has memory for; a larger one fails as Ollama fails to load the model. */
  memoryForTokens?: number;
}

/** What the fake did with one chat request's context window. */
export interface OllamaWindow {
  numCtx: number | undefined;
  promptTokens: number;
  /** The prompt was longer than the window, so its start was dropped, unreported, as Ollama does. */
  truncated: boolean;
}

export interface OllamaFake extends FakeAiServer {
  windows: OllamaWindow[];
}

/** What Ollama loads a model with when the request names no num_ctx. */
const ollamaDefaultContext = 4096;

export async function startOllamaFake(options: OllamaFakeOptions): Promise<OllamaFake> {
  const script = new AnswerScript();
  const windows: OllamaWindow[] = [];
  const server = await startFakeHttpServer((request, url, clientGone) => {
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return { status: 401, body: { error: 'unauthorized' } };
    }
    if (request.method === 'GET' && url.pathname === '/api/tags') {
      return { body: { models: options.models.map((name) => ({ name, model: name })) } };
    }
    if (request.method !== 'POST' || url.pathname !== '/api/chat') return undefined;
    const scripted = script.next();
    if ('hold' in scripted) return heldUntilClientGone(clientGone);
    return chat(parseJsonBody(request.body), options, windows, scripted);
  });
  return {
    baseUrl: server.baseUrl,
    get requests() {
      return server.requests.map((request) => ({ ...request, body: parseJsonBody(request.body) }));
    },
    windows,
    answerNext: (...answers) => script.push(...answers),
    close: () => server.close(),
  };
}

function chat(
  body: Record<string, unknown>,
  options: OllamaFakeOptions,
  windows: OllamaWindow[],
  scripted: RenderedAnswer,
): FakeReply {
  const model = String(body.model);
  if (!options.models.includes(model)) {
    return { status: 404, body: { error: `model "${model}" not found, try pulling it first` } };
  }
  const numCtx = (body.options as { num_ctx?: number } | undefined)?.num_ctx;
  const window = numCtx ?? ollamaDefaultContext;
  if (options.memoryForTokens !== undefined && window > options.memoryForTokens) {
    const needed = ((window / options.memoryForTokens) * 8).toFixed(1);
    return {
      status: 500,
      body: { error: `model requires more system memory (${needed} GiB) than is available (8.0 GiB)` },
    };
  }
  const promptTokens = estimatedTokens(JSON.stringify(body.messages));
  windows.push({ numCtx, promptTokens, truncated: promptTokens > window });
  if ('failure' in scripted) {
    return scripted.failure === 'rate_limited'
      ? {
          status: 429,
          headers: { 'retry-after': String(scripted.retryAfterSeconds) },
          body: { error: 'too many requests' },
        }
      : { status: 500, body: { error: 'llama runner process has terminated: exit status 2' } };
  }
  const stats = {
    total_duration: 1_200_000_000,
    load_duration: 100_000_000,
    prompt_eval_count: Math.min(promptTokens, window),
    prompt_eval_duration: 300_000_000,
    eval_duration: 800_000_000,
  };
  const head = { model, created_at: '2026-01-01T00:00:00.000000Z' };
  if ('toolCall' in scripted) {
    const message = {
      role: 'assistant',
      content: '',
      tool_calls: [{ function: { name: scripted.toolCall.name, arguments: scripted.toolCall.input } }],
    };
    const last = { ...head, message, done: true, done_reason: 'stop', ...stats, eval_count: 10 };
    return body.stream === false ? { body: last } : ndjson([last]);
  }
  const text = answerText(scripted);
  const done = { ...head, done: true, done_reason: 'stop', ...stats, eval_count: estimatedTokens(text) };
  if (body.stream === false) return { body: { ...done, message: { role: 'assistant', content: text } } };
  return ndjson([
    ...streamedPieces(text).map((piece) => ({
      ...head,
      message: { role: 'assistant', content: piece },
      done: false,
    })),
    { ...done, message: { role: 'assistant', content: '' } },
  ]);
}

function ndjson(lines: unknown[]): FakeReply {
  return {
    headers: { 'content-type': 'application/x-ndjson' },
    body: lines.map((line) => `${JSON.stringify(line)}\n`).join(''),
  };
}
