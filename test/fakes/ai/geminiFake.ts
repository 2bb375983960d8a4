/**
 * Google's Gemini API (`POST /v1beta/models/{model}:generateContent`, and
 * `:streamGenerateContent?alt=sse` for server-sent chunks), keyed by the `x-goog-api-key` header or
 * `?key=`: candidates with text or `functionCall` parts and `usageMetadata`; with
 * `generationConfig.responseMimeType: application/json` the text is the JSON answer. Errors are
 * Google's `{"error": {code, message, status, details}}`: a wrong key is 400 INVALID_ARGUMENT with
 * reason API_KEY_INVALID (not 401), an unknown model 404 NOT_FOUND, a prompt over the limit 400,
 * 429 RESOURCE_EXHAUSTED with a RetryInfo `retryDelay` (no Retry-After header), 500 INTERNAL.
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

export interface GeminiFakeOptions {
  apiKey: string;
  models: string[];
  contextTokens?: number;
}

const route = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

export async function startGeminiFake(options: GeminiFakeOptions): Promise<FakeAiServer> {
  const script = new AnswerScript();
  const server = await startFakeHttpServer((request, url, clientGone) => {
    const match = route.exec(url.pathname);
    if (request.method !== 'POST' || match === null) return undefined;
    const key = request.headers['x-goog-api-key'] ?? url.searchParams.get('key');
    if (key !== options.apiKey) {
      return googleError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ]);
    }
    const [, model = '', method] = match;
    const streaming = method === 'streamGenerateContent';
    const scripted = script.next();
    if ('hold' in scripted) return heldUntilClientGone(clientGone);
    return answer(model, parseJsonBody(request.body), streaming, options, scripted);
  });
  return {
    baseUrl: `${server.baseUrl}/v1beta`,
    get requests() {
      return server.requests.map((request) => ({ ...request, body: parseJsonBody(request.body) }));
    },
    answerNext: (...answers) => script.push(...answers),
    close: () => server.close(),
  };
}

function answer(
  model: string,
  body: Record<string, unknown>,
  streaming: boolean,
  options: GeminiFakeOptions,
  scripted: RenderedAnswer,
): FakeReply {
  if (!options.models.includes(model)) {
    return googleError(
      404,
      `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
      'NOT_FOUND',
    );
  }
  const promptTokens = estimatedTokens(JSON.stringify([body.systemInstruction, body.contents]));
  if (options.contextTokens !== undefined && promptTokens > options.contextTokens) {
    return googleError(
      400,
      `The input token count (${promptTokens}) exceeds the maximum number of tokens allowed (${options.contextTokens}).`,
      'INVALID_ARGUMENT',
    );
  }
  if ('failure' in scripted) {
    return scripted.failure === 'rate_limited'
      ? googleError(
          429,
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
          'RESOURCE_EXHAUSTED',
          [
            {
              '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
              violations: [
                { quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests' },
              ],
            },
            {
              '@type': 'type.googleapis.com/google.rpc.RetryInfo',
              retryDelay: `${scripted.retryAfterSeconds}s`,
            },
          ],
        )
      : googleError(
          500,
          'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
          'INTERNAL',
        );
  }
  const text = 'toolCall' in scripted ? '' : answerText(scripted);
  const usage = (candidates: number) => ({
    promptTokenCount: promptTokens,
    candidatesTokenCount: candidates,
    totalTokenCount: promptTokens + candidates,
  });
  const response = (parts: unknown[], finished: boolean) => ({
    candidates: [
      { content: { parts, role: 'model' }, ...(finished ? { finishReason: 'STOP' } : {}), index: 0 },
    ],
    usageMetadata: usage(finished ? estimatedTokens(text) : 0),
    modelVersion: model,
    responseId: 'fake-response',
  });
  if ('toolCall' in scripted) {
    const parts = [{ functionCall: { name: scripted.toolCall.name, args: scripted.toolCall.input } }];
    return streaming ? sse([response(parts, true)]) : { body: response(parts, true) };
  }
  if (!streaming) return { body: response([{ text }], true) };
  const pieces = streamedPieces(text);
  return sse(pieces.map((piece, index) => response([{ text: piece }], index === pieces.length - 1)));
}

function sse(chunks: unknown[]): FakeReply {
  return {
    headers: { 'content-type': 'text/event-stream' },
    body: serverSentEvents(chunks.map((data) => ({ data }))),
  };
}

function googleError(status: number, message: string, state: string, details?: unknown[]): FakeReply {
  return {
    status,
    body: { error: { code: status, message, status: state, ...(details === undefined ? {} : { details }) } },
  };
}
