/**
 * What the settings page and the CLI ask of a local server before transcribing with it: is it
 * there, does it speak the OpenAI API and/or look like an Ollama host, which models does it have,
 * and (Ollama) fetching a model, with progress.
 */
import { z } from 'zod';
import { apiUrl } from '../http/apiUrl.ts';
import { ProviderError } from '../http/providerError.ts';
import { vendorJson, vendorRequest } from '../http/vendorRequest.ts';
import { bearerHeaders, serverName } from './serverAddress.ts';

export type ServerProbe =
  | { reachable: false; problem: string }
  | {
      reachable: true;
      /** `/v1/models` answered with an OpenAI model list. */
      openAiCompatible: boolean;
      /** `/api/tags` answered with Ollama's model list, so models can be pulled. */
      ollama: boolean;
      /** The server refused the key (or its absence): the settings page should ask for one. */
      keyRefused: boolean;
    };

/** A local server answers at once; waiting longer would only hold up the settings page. */
const probeTimeoutMs = 5_000;

/**
 * Models are gigabytes, and Ollama streams progress all along; the user's cancel, not a timeout,
 * is what should end a slow pull.
 */
const pullTimeoutMs = 6 * 60 * 60_000;

const ollamaTags = z.object({ models: z.array(z.object({ name: z.string() })) });
const openAiModelList = z.object({ data: z.array(z.object({ id: z.string() })) });

type Check = { outcome: 'matches' | 'other' | 'refused' } | { outcome: 'unreachable'; problem: string };

export async function probeServer(
  baseUrl: string,
  apiKey: string | undefined,
  signal: AbortSignal,
): Promise<ServerProbe> {
  const [tags, models] = await Promise.all([
    check(baseUrl, '/api/tags', apiKey, signal, ollamaTags),
    check(baseUrl, '/v1/models', apiKey, signal, openAiModelList),
  ]);
  if (models.outcome === 'unreachable' && tags.outcome === 'unreachable') {
    return { reachable: false, problem: models.problem };
  }
  return {
    reachable: true,
    openAiCompatible: models.outcome === 'matches',
    ollama: tags.outcome === 'matches',
    keyRefused: models.outcome === 'refused' || tags.outcome === 'refused',
  };
}

async function check(
  baseUrl: string,
  path: string,
  apiKey: string | undefined,
  signal: AbortSignal,
  expected: z.ZodType,
): Promise<Check> {
  try {
    const answer = await vendorJson<unknown>({
      vendor: serverName(baseUrl),
      url: apiUrl(baseUrl, path),
      headers: bearerHeaders(apiKey),
      signal,
      secrets: apiKey === undefined ? [] : [apiKey],
      retries: 0,
      timeoutMs: probeTimeoutMs,
    });
    return { outcome: expected.safeParse(answer).success ? 'matches' : 'other' };
  } catch (error) {
    if (!(error instanceof ProviderError) || error.kind === 'cancelled') throw error;
    if (error.status === 401 || error.status === 403) return { outcome: 'refused' };
    return error.status === undefined
      ? { outcome: 'unreachable', problem: error.message }
      : { outcome: 'other' };
  }
}

/** The ids of the models the server offers, as `/v1/models` lists them. */
export async function listModels(
  baseUrl: string,
  apiKey: string | undefined,
  signal: AbortSignal,
): Promise<string[]> {
  const vendor = serverName(baseUrl);
  const answer = await vendorJson<unknown>({
    vendor,
    url: apiUrl(baseUrl, '/v1/models'),
    headers: bearerHeaders(apiKey),
    signal,
    secrets: apiKey === undefined ? [] : [apiKey],
    timeoutMs: probeTimeoutMs,
  });
  const parsed = openAiModelList.safeParse(answer);
  if (!parsed.success) {
    throw new ProviderError(
      'permanent',
      `${vendor} answered /v1/models with something other than a model list.`,
    );
  }
  return parsed.data.data.map((model) => model.id);
}

export interface ModelPullProgress {
  /** Ollama's own words, e.g. "pulling manifest", "pulling 6a0746a1ec1a", "success". */
  status: string;
  digest?: string;
  completedBytes?: number;
  totalBytes?: number;
}

const pullLine = z.object({
  status: z.string().optional(),
  error: z.string().optional(),
  digest: z.string().optional(),
  total: z.number().optional(),
  completed: z.number().optional(),
});

/**
 * Asks an Ollama host to download `name` and reports each NDJSON progress line. Resolves once
 * Ollama says "success"; its error lines and a stream that ends early are failures.
 */
export async function pullModel(
  baseUrl: string,
  name: string,
  signal: AbortSignal,
  onProgress: (progress: ModelPullProgress) => void,
): Promise<void> {
  const vendor = `Ollama at ${baseUrl}`;
  const response = await vendorRequest({
    vendor,
    url: apiUrl(baseUrl, '/api/pull'),
    json: { model: name, stream: true },
    signal,
    secrets: [],
    timeoutMs: pullTimeoutMs,
  });
  let succeeded = false;
  try {
    for await (const line of textLines(response.body)) {
      const parsed = pullLine.safeParse(parseJson(line));
      if (!parsed.success) {
        throw new ProviderError(
          'permanent',
          `${vendor} sent a pull progress line that is not Ollama's format.`,
        );
      }
      const { status, error, digest, total, completed } = parsed.data;
      if (error !== undefined)
        throw new ProviderError('permanent', `${vendor} could not pull ${name}: ${error}`);
      if (status === undefined) continue;
      onProgress({ status, digest, completedBytes: completed, totalBytes: total });
      if (status === 'success') succeeded = true;
    }
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (signal.aborted)
      throw new ProviderError('cancelled', `The pull of ${name} from ${vendor} was cancelled.`);
    throw new ProviderError('retryable', `${vendor} stopped sending while pulling ${name}.`, {
      cause: error,
    });
  }
  if (!succeeded) {
    throw new ProviderError('retryable', `${vendor} ended the pull of ${name} before it succeeded.`);
  }
}

async function* textLines(body: ReadableStream<Uint8Array> | null): AsyncGenerator<string> {
  if (body === null) return;
  let pending = '';
  for await (const text of body.pipeThrough(new TextDecoderStream())) {
    pending += text;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim();
      if (line !== '') yield line;
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
  }
  if (pending.trim() !== '') yield pending.trim();
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
