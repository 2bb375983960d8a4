/**
 * OpenAI's chat completions (`POST /v1/chat/completions`), as OpenAI and the servers that copy it
 * (vLLM, llama.cpp, LM Studio, DeepSeek, Groq, …) answer: a JSON completion, or with `stream: true`
 * server-sent `chat.completion.chunk`s ending in `[DONE]` (a usage chunk first when
 * `stream_options.include_usage` asks); `response_format` json_schema/json_object answered with
 * JSON text, or refused with 400 by a server that lacks it; tool calls; and OpenAI's error bodies
 * for a wrong key (401, quoting the key as a careless server would), an unknown model (404
 * model_not_found), a prompt over the context (400 context_length_exceeded), 429 with Retry-After
 * and 500.
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
  serverSentEvents,
  streamedPieces,
} from './scriptedAnswers.ts';

export interface OpenAiChatFakeOptions {
  /** When set, every request must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** The models the server has; others are 404. */
  models: string[];
  /** The context window of every model, in tokens (estimated from the messages' characters). */
  contextTokens?: number;
  /**
   * The `response_format` types the server takes (default: both). Another is refused with 400, as
   * DeepSeek refuses `json_schema` and LM Studio `json_object`.
   */
  responseFormats?: ReadonlyArray<'json_schema' | 'json_object'>;
}

export async function startOpenAiChatFake(options: OpenAiChatFakeOptions): Promise<FakeAiServer> {
  const script = new AnswerScript();
  const server = await startFakeHttpServer((request, url, clientGone) => {
    const authorization = request.headers.authorization;
    if (options.apiKey !== undefined && authorization !== `Bearer ${options.apiKey}`) {
      const presented = authorization?.replace(/^Bearer /, '') ?? '';
      return openAiError(401, {
        message: `Incorrect API key provided: ${presented}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      });
    }
    if (request.method === 'GET' && url.pathname === '/v1/models') {
      return {
        body: {
          object: 'list',
          data: options.models.map((id) => ({ id, object: 'model', owned_by: 'fake' })),
        },
      };
    }
    if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') return undefined;
    const scripted = script.next();
    if ('hold' in scripted) return heldUntilClientGone(clientGone);
    return complete(parseJsonBody(request.body), options, scripted);
  });
  return {
    baseUrl: `${server.baseUrl}/v1`,
    get requests() {
      return server.requests.map((request) => ({ ...request, body: parseJsonBody(request.body) }));
    },
    answerNext: (...answers) => script.push(...answers),
    close: () => server.close(),
  };
}

function complete(
  body: Record<string, unknown>,
  options: OpenAiChatFakeOptions,
  answer: RenderedAnswer,
): FakeReply {
  const model = String(body.model);
  if (!options.models.includes(model)) {
    return openAiError(404, {
      message: `The model \`${model}\` does not exist or you do not have access to it.`,
      type: 'invalid_request_error',
      code: 'model_not_found',
    });
  }
  const format = (body.response_format as { type?: string } | undefined)?.type;
  const formats: readonly string[] = options.responseFormats ?? ['json_schema', 'json_object'];
  if (format !== undefined && format !== 'text' && !formats.includes(format)) {
    return openAiError(400, {
      message: 'This response_format type is unavailable now',
      type: 'invalid_request_error',
      param: 'response_format',
      code: 'invalid_request_error',
    });
  }
  const promptTokens = estimatedTokens(JSON.stringify(body.messages));
  if (options.contextTokens !== undefined && promptTokens > options.contextTokens) {
    return openAiError(400, {
      message: `This model's maximum context length is ${options.contextTokens} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`,
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    });
  }
  if ('failure' in answer) {
    return answer.failure === 'rate_limited'
      ? openAiError(
          429,
          {
            message: `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in ${answer.retryAfterSeconds}s.`,
            type: 'requests',
            code: 'rate_limit_exceeded',
          },
          { 'retry-after': String(answer.retryAfterSeconds), 'x-ratelimit-limit-requests': '3' },
        )
      : openAiError(500, {
          message: 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
        });
  }
  const usage = { prompt_tokens: promptTokens, completion_tokens: 0, total_tokens: promptTokens };
  const head = { id: 'chatcmpl-fake', created: 1_760_000_000, model, system_fingerprint: 'fp_fake' };
  if ('toolCall' in answer) {
    const call = {
      id: 'call_fake',
      type: 'function',
      function: { name: answer.toolCall.name, arguments: JSON.stringify(answer.toolCall.input) },
    };
    if (body.stream !== true) {
      return {
        body: {
          ...head,
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: null, tool_calls: [call] },
              finish_reason: 'tool_calls',
            },
          ],
          usage,
        },
      };
    }
    return stream(
      body,
      head,
      usage,
      [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ index: 0, ...call, function: { ...call.function, arguments: '' } }],
        },
        { tool_calls: [{ index: 0, function: { arguments: call.function.arguments } }] },
      ],
      'tool_calls',
    );
  }
  const text = answerText(answer);
  usage.completion_tokens = estimatedTokens(text);
  usage.total_tokens += usage.completion_tokens;
  if (body.stream !== true) {
    return {
      body: {
        ...head,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage,
      },
    };
  }
  return stream(
    body,
    head,
    usage,
    [{ role: 'assistant', content: '' }, ...streamedPieces(text).map((piece) => ({ content: piece }))],
    'stop',
  );
}

function stream(
  body: Record<string, unknown>,
  head: Record<string, unknown>,
  usage: Record<string, number>,
  deltas: Array<Record<string, unknown>>,
  finishReason: string,
): FakeReply {
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    data: { ...head, object: 'chat.completion.chunk', choices, ...extra },
  });
  const includeUsage =
    (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  const events = [
    ...deltas.map((delta) => chunk([{ index: 0, delta, logprobs: null, finish_reason: null }])),
    chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]),
    ...(includeUsage ? [chunk([], { usage })] : []),
    { data: '[DONE]' },
  ];
  return { headers: { 'content-type': 'text/event-stream; charset=utf-8' }, body: serverSentEvents(events) };
}

function openAiError(
  status: number,
  error: { message: string; type: string; param?: string; code?: string },
  headers: Record<string, string> = {},
): FakeReply {
  return { status, headers, body: { error: { param: null, code: null, ...error } } };
}
