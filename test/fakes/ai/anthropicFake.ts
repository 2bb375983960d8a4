/**
 * Anthropic's Messages API (`POST /v1/messages`, `x-api-key` and `anthropic-version` headers): a
 * `message` with text or `tool_use` blocks, or with `stream: true` the named server-sent events
 * (message_start, content_block_start/delta/stop, ping, message_delta, message_stop). A request
 * that forces a tool (how the SDK asks for a JSON object) is answered with that tool's input.
 * Errors are Anthropic's `{"type": "error", "error": {type, message}}`: authentication_error 401,
 * not_found_error 404 for a model, "prompt is too long" 400, rate_limit_error 429 with
 * retry-after, api_error 500.
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

export interface AnthropicFakeOptions {
  apiKey: string;
  models: string[];
  contextTokens?: number;
}

export async function startAnthropicFake(options: AnthropicFakeOptions): Promise<FakeAiServer> {
  const script = new AnswerScript();
  const server = await startFakeHttpServer((request, url, clientGone) => {
    if (request.method !== 'POST' || url.pathname !== '/v1/messages') return undefined;
    if (request.headers['x-api-key'] !== options.apiKey) {
      return anthropicError(401, 'authentication_error', 'invalid x-api-key');
    }
    if (request.headers['anthropic-version'] === undefined) {
      return anthropicError(400, 'invalid_request_error', 'anthropic-version: header is required');
    }
    const scripted = script.next();
    if ('hold' in scripted) return heldUntilClientGone(clientGone);
    return answer(parseJsonBody(request.body), options, scripted);
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

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

function answer(
  body: Record<string, unknown>,
  options: AnthropicFakeOptions,
  scripted: RenderedAnswer,
): FakeReply {
  const model = String(body.model);
  if (!options.models.includes(model)) return anthropicError(404, 'not_found_error', `model: ${model}`);
  const promptTokens = estimatedTokens(JSON.stringify([body.system, body.messages]));
  if (options.contextTokens !== undefined && promptTokens > options.contextTokens) {
    return anthropicError(
      400,
      'invalid_request_error',
      `prompt is too long: ${promptTokens} tokens > ${options.contextTokens} maximum`,
    );
  }
  if ('failure' in scripted) {
    return scripted.failure === 'rate_limited'
      ? anthropicError(
          429,
          'rate_limit_error',
          'This request would exceed the rate limit for your organization of 5 requests per minute. Please try again later.',
          { 'retry-after': String(scripted.retryAfterSeconds) },
        )
      : anthropicError(500, 'api_error', 'Internal server error');
  }
  const forcedTool = forcedToolName(body);
  const block: Block =
    'toolCall' in scripted
      ? { type: 'tool_use', id: 'toolu_fake', name: scripted.toolCall.name, input: scripted.toolCall.input }
      : 'object' in scripted && forcedTool !== undefined
        ? { type: 'tool_use', id: 'toolu_fake', name: forcedTool, input: scripted.object }
        : { type: 'text', text: answerText(scripted) };
  const stopReason = block.type === 'tool_use' ? 'tool_use' : 'end_turn';
  const outputTokens = estimatedTokens(block.type === 'text' ? block.text : JSON.stringify(block.input));
  const message = { id: 'msg_fake', type: 'message', role: 'assistant', model };
  if (body.stream !== true) {
    return {
      body: {
        ...message,
        content: [block],
        stop_reason: stopReason,
        stop_sequence: null,
        usage: { input_tokens: promptTokens, output_tokens: outputTokens },
      },
    };
  }
  const deltas =
    block.type === 'text'
      ? streamedPieces(block.text).map((text) => ({ type: 'text_delta', text }))
      : [{ type: 'input_json_delta', partial_json: JSON.stringify(block.input) }];
  const start = block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} };
  const events = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          ...message,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: promptTokens, output_tokens: 1 },
        },
      },
    },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: start } },
    { event: 'ping', data: { type: 'ping' } },
    ...deltas.map((delta) => ({
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index: 0, delta },
    })),
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: outputTokens },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ];
  return { headers: { 'content-type': 'text/event-stream; charset=utf-8' }, body: serverSentEvents(events) };
}

/** The tool a request makes the model call: `tool_choice` `tool` by name, or `any` of a single tool. */
function forcedToolName(body: Record<string, unknown>): string | undefined {
  const choice = body.tool_choice as { type?: string; name?: string } | undefined;
  const tools = (body.tools as Array<{ name?: string }> | undefined) ?? [];
  if (choice?.type === 'tool') return choice.name;
  if (choice?.type === 'any' && tools.length === 1) return tools[0]?.name;
  return undefined;
}

function anthropicError(
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): FakeReply {
  return {
    status,
    headers: { 'request-id': 'req_fake', ...headers },
    body: { type: 'error', error: { type, message } },
  };
}
