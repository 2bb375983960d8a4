/**
 * A local OpenAI-compatible speech server (P12) that, by default, also looks like an Ollama host:
 * the OpenAI `/v1/audio/transcriptions` and `/v1/models` contract, plus Ollama's `/api/tags` and
 * streaming `/api/pull`, so the settings page's probe → list → pull → transcribe path runs end to end.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type FakeReply, type RecordedRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { heldReplies, synchronousFake } from '../heldReplies.ts';
import { formFileBytes, readMultipartForm } from '../multipartForm.ts';
import type { ProviderFake } from '../providerFakeFixture.ts';
import { offGridWords } from './offGridWords.ts';
import { readWavInfo } from '../wavAudio.ts';
import { type ResponseFormat, responseFormats, whisperAnswer } from './whisperAnswer.ts';

export interface OpenAiCompatibleFakeOptions {
  /** When set, every OpenAI route wants `Authorization: Bearer <apiKey>` (as LocalAI/vLLM do with a key). */
  apiKey?: string;
  /** Serve Ollama's `/api/tags` and `/api/pull` (default true); otherwise they are 404 as on other servers. */
  ollama?: boolean;
  /** Models installed at start. */
  installed?: string[];
  /** Models `/api/pull` can fetch; anything else fails as Ollama does for an unknown name. */
  pullable?: string[];
  /**
   * How long recognising `audioMs` of audio takes, counted from the request's arrival, so that a
   * benchmark meets a server of a realistic speed; default: the answer goes out at once.
   */
  recognitionMs?: (audioMs: number) => number;
  /** Nest word times in their segments, as servers built on faster-whisper's segments do (whisperAnswer). */
  wordsInSegments?: boolean;
}

export interface OpenAiCompatibleFake extends ProviderFake {
  installedModels(): string[];
}

export const defaultInstalledModel = 'Systran/faster-whisper-small';

export async function startOpenAiCompatibleFake(
  options: OpenAiCompatibleFakeOptions = {},
): Promise<OpenAiCompatibleFake> {
  const installed = [...(options.installed ?? [defaultInstalledModel])];
  const pullable = options.pullable ?? ['whisper-large-v3-turbo'];
  const ollama = options.ollama ?? true;
  const held = heldReplies();

  const server = await startFakeHttpServer(async (request, url, clientGone) => {
    const route = `${request.method} ${url.pathname}`;
    if (ollama && route === 'GET /api/tags') return tags(installed);
    if (ollama && route === 'POST /api/pull') return pull(request, pullable, installed);
    const refusal = authorizationProblem(request, options.apiKey);
    if (route === 'GET /v1/models') return refusal ?? modelList(installed);
    if (route === 'POST /v1/audio/transcriptions') {
      if (refusal !== undefined) return refusal;
      const arrivedAt = Date.now();
      const recognised = async (audioMs: number) => {
        if (options.recognitionMs === undefined) return;
        const remainingMs = arrivedAt + options.recognitionMs(audioMs) - Date.now();
        // A client that hangs up ends the wait, as it ends a held one.
        await sleep(Math.max(0, remainingMs), undefined, { signal: clientGone }).catch(() => undefined);
      };
      const reply = await transcription(request, installed, recognised, options.wordsInSegments === true);
      await held.released(clientGone);
      return reply;
    }
    return openAiError(
      404,
      `Unknown request URL: ${request.method} ${url.pathname}`,
      'invalid_request_error',
    );
  });

  return {
    ...synchronousFake(server, held),
    installedModels: () => [...installed],
  };
}

function openAiError(status: number, message: string, type: string, code: string | null = null): FakeReply {
  return { status, body: { error: { message, type, param: null, code } } };
}

function authorizationProblem(request: RecordedRequest, apiKey: string | undefined): FakeReply | undefined {
  if (apiKey === undefined) return undefined;
  const header = request.headers.authorization;
  if (header === undefined) {
    return openAiError(
      401,
      "You didn't provide an API key. Send it in the Authorization header as Bearer <key>.",
      'invalid_request_error',
    );
  }
  if (header !== `Bearer ${apiKey}`) {
    const given = header.replace(/^Bearer\s+/i, '');
    return openAiError(
      401,
      `Incorrect API key provided: ${given}.`,
      'invalid_request_error',
      'invalid_api_key',
    );
  }
  return undefined;
}

async function transcription(
  request: RecordedRequest,
  installed: readonly string[],
  recognised: (audioMs: number) => Promise<void>,
  wordsInSegments: boolean,
): Promise<FakeReply> {
  let form: FormData;
  try {
    form = await readMultipartForm(request);
  } catch {
    return openAiError(400, 'The request must be multipart/form-data.', 'invalid_request_error');
  }
  const model = form.get('model');
  if (typeof model !== 'string' || model === '') {
    return openAiError(400, 'you must provide a model parameter', 'invalid_request_error');
  }
  if (!isInstalled(model, installed)) {
    return openAiError(
      404,
      `The model '${model}' does not exist`,
      'invalid_request_error',
      'model_not_found',
    );
  }
  const format = form.get('response_format') ?? 'json';
  if (typeof format !== 'string' || !responseFormats.includes(format as ResponseFormat)) {
    return openAiError(
      400,
      'response_format must be one of json, text, srt, verbose_json, vtt',
      'invalid_request_error',
    );
  }
  const granularities = form.getAll('timestamp_granularities[]').map(String);
  if (granularities.length > 0 && format !== 'verbose_json') {
    return openAiError(
      400,
      'timestamp_granularities requires response_format=verbose_json',
      'invalid_request_error',
    );
  }
  const prompt = form.get('prompt');
  if (prompt !== null && typeof prompt !== 'string') {
    return openAiError(400, 'prompt must be a string', 'invalid_request_error');
  }
  const file = await formFileBytes(form, 'file');
  if (file === undefined) return openAiError(400, 'you must provide a file', 'invalid_request_error');
  const audio = readWavInfo(file);
  if (audio === undefined) {
    return openAiError(
      400,
      'Audio file could not be decoded or its format is not supported.',
      'invalid_request_error',
    );
  }
  const answer = whisperAnswer({
    durationMs: audio.durationMs,
    words: offGridWords(file),
    format: format as ResponseFormat,
    granularities,
    wordsInSegments,
    // faster-whisper-server and OpenAI name the language in lower case.
    languageName: form.get('language') === 'zh' ? 'chinese' : 'english',
  });
  await recognised(audio.durationMs);
  return { body: answer };
}

function isInstalled(model: string, installed: readonly string[]): boolean {
  return installed.includes(model) || installed.includes(`${model}:latest`);
}

function modelList(installed: readonly string[]): FakeReply {
  return {
    body: {
      object: 'list',
      data: installed.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'local' })),
    },
  };
}

function tags(installed: readonly string[]): FakeReply {
  return {
    body: {
      models: installed.map((name) => ({
        name,
        model: name,
        modified_at: '2025-01-01T00:00:00Z',
        size: 483_000_000,
        digest: 'sha256:0f0e0d0c0b0a09080706050403020100',
        details: { format: 'gguf', family: 'whisper' },
      })),
    },
  };
}

function pull(request: RecordedRequest, pullable: readonly string[], installed: string[]): FakeReply {
  let body: { model?: unknown; name?: unknown; stream?: unknown };
  try {
    body = JSON.parse(request.body.toString('utf8')) as typeof body;
  } catch {
    return { status: 400, body: { error: 'invalid JSON body' } };
  }
  // Older Ollama clients send `name`; current ones send `model`.
  const name = typeof body.model === 'string' ? body.model : body.name;
  if (typeof name !== 'string' || name === '') return { status: 400, body: { error: 'model is required' } };
  const found = pullable.includes(name);
  const lines: object[] = [{ status: 'pulling manifest' }];
  if (found) {
    const digest = 'sha256:6a0746a1ec1aef3e7ec53868f220ff6e389f6f8ef87a01d77c96807de94ca2aa';
    const total = 1_000_000;
    for (const completed of [0, 250_000, 750_000, total]) {
      lines.push({ status: `pulling ${digest.slice(7, 19)}`, digest, total, completed });
    }
    lines.push({ status: 'verifying sha256 digest' }, { status: 'writing manifest' }, { status: 'success' });
    if (!installed.includes(name)) installed.push(name);
  } else {
    lines.push({ error: 'pull model manifest: file does not exist' });
  }
  if (body.stream === false) {
    const last = lines.at(-1) ?? {};
    return { status: found ? 200 : 500, body: last };
  }
  return {
    headers: { 'content-type': 'application/x-ndjson' },
    body: lines.map((line) => JSON.stringify(line)).join('\n') + '\n',
  };
}
