import {
  APICallError,
  JSONParseError,
  NoContentGeneratedError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  RetryError,
  TypeValidationError,
} from 'ai';
import type { AiProviderConfig } from './aiProviderConfig.ts';
import { aiProviderKindFacts } from './aiProviderKinds.ts';
import { contextWindowOf } from './contextWindows.ts';
import { redactSecrets } from './redactSecrets.ts';

/**
 * What went wrong with a call to an AI provider, in the terms a job acts on: try again later
 * (`transient`), or stop and tell the user what to change. The message is for people: the vendor's
 * own words where it gave any, then what to do; it never holds the key, even when a server quoted it.
 */
export type AiFailureKind =
  /** 401/403, or a key the vendor says is not valid. */
  | 'bad_key'
  /** The server does not have the model. */
  | 'unknown_model'
  /** The server answered, but has nothing at the address asked (a baseUrl without its /v1). */
  | 'wrong_address'
  /** No connection: refused, or no such host. */
  | 'unreachable'
  /** The request does not fit the model's context window, or (Ollama) the window does not fit in memory. */
  | 'context'
  /** 429: too many requests for now. */
  | 'rate_limited'
  /** The account has no credit left; waiting will not help. */
  | 'quota'
  /** 5xx, the vendor overloaded (529). */
  | 'server_error'
  /** No answer in the time allowed. */
  | 'timeout'
  /** The connection dropped mid-request. */
  | 'connection_lost'
  /** The caller cancelled. */
  | 'cancelled'
  /** The model answered, but not in the form asked for (no JSON, JSON that breaks the schema). */
  | 'invalid_answer'
  /** Any other refusal or failure. */
  | 'failed';

export interface AiErrorClassification {
  kind: AiFailureKind;
  /** Worth another try after a wait: 429, 5xx, timeouts, a dropped connection. */
  transient: boolean;
  /** How long the vendor asked to wait before the next try (Retry-After), when it said. */
  retryAfterMs?: number;
  /** The HTTP status, when the server answered with one. */
  status?: number;
  message: string;
}

/**
 * Classifies an error thrown by an AI SDK call made with `languageModelFor(config)`. `providerName`
 * is the name the provider is stored under, for the commands the message suggests.
 */
export function classifyAiError(
  error: unknown,
  config: AiProviderConfig,
  providerName?: string,
): AiErrorClassification {
  const classification = classify(RetryError.isInstance(error) ? error.lastError : error, {
    config,
    vendor: `${aiProviderKindFacts[config.kind].name} at ${config.baseUrl}`,
    setCommand: `earshot ai set ${config.kind}${providerName === undefined || providerName === config.kind ? '' : ` --name ${providerName}`}`,
  });
  return { ...classification, message: redactSecrets(classification.message, [config.apiKey]) };
}

interface Situation {
  config: AiProviderConfig;
  /** "OpenAI at https://api.openai.com/v1" */
  vendor: string;
  /** The command that changes this provider's settings. */
  setCommand: string;
}

function classify(error: unknown, situation: Situation): AiErrorClassification {
  const { vendor } = situation;
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError')
    return { kind: 'cancelled', transient: false, message: 'The request was cancelled.' };
  if (name === 'TimeoutError') {
    return {
      kind: 'timeout',
      transient: true,
      message: `${vendor} did not answer in time. Try again later.`,
    };
  }
  if (
    NoObjectGeneratedError.isInstance(error) ||
    NoOutputGeneratedError.isInstance(error) ||
    NoContentGeneratedError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    JSONParseError.isInstance(error)
  ) {
    return {
      kind: 'invalid_answer',
      transient: false,
      message: `${situation.config.model} answered, but not in the form asked for: ${conciseText(error.message)}`,
    };
  }
  const status = statusOf(error);
  if (status !== undefined) return classifyAnswer(error as HttpFailure, status, situation);
  if (APICallError.isInstance(error)) return classifyConnection(error, situation);
  return {
    kind: 'failed',
    transient: false,
    message: `The call to ${vendor} failed: ${conciseText(error instanceof Error ? error.message : String(error))}`,
  };
}

/** What an error carries when the server answered: the SDK's APICallError, or a stream's provider error. */
interface HttpFailure {
  message: string;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

function classifyAnswer(error: HttpFailure, status: number, situation: Situation): AiErrorClassification {
  const { config, vendor, setCommand } = situation;
  const facts = aiProviderKindFacts[config.kind];
  const body = parseBody(error.responseBody);
  const said = conciseText(vendorMessage(body) ?? error.message);
  const code = vendorCode(body);
  const answer = { status };
  if (status >= 400 && status < 500 && (code === 'context_length_exceeded' || contextPattern.test(said))) {
    const window = contextWindowOf(config);
    return {
      ...answer,
      kind: 'context',
      transient: false,
      message:
        `The request is longer than ${config.model} takes (${status}: ${said}). Earshot sizes requests by ` +
        `contextWindow, now ${window.tokens} tokens${window.source === 'set' ? '' : ` (${window.source === 'known' ? 'the known size of this model' : 'a guess'})`}; ` +
        `set the model's real context window with: ${setCommand} contextWindow=TOKENS`,
    };
  }
  if (status >= 500 && memoryPattern.test(said)) {
    return {
      ...answer,
      kind: 'context',
      transient: false,
      message:
        `${vendor} cannot load ${config.model} with a context window of ${contextWindowOf(config).tokens} tokens (${said}). ` +
        `Lower it with: ${setCommand} contextWindow=TOKENS (such as 8192)`,
    };
  }
  if (status === 401 || status === 403 || keyPattern.test(said)) {
    const getKey =
      facts.keyPage === undefined
        ? 'Set the key the server expects'
        : `Get a key at ${facts.keyPage} and set it`;
    return {
      ...answer,
      kind: 'bad_key',
      transient: false,
      message: `${vendor} refused the API key (${status}: ${said}). ${getKey} with: ${setCommand} apiKey=KEY`,
    };
  }
  if (status === 404 || code === 'model_not_found') {
    if (code === 'model_not_found' || /model/i.test(said)) {
      return {
        ...answer,
        kind: 'unknown_model',
        transient: false,
        message:
          `${vendor} has no model "${config.model}" (${status}: ${said}). To see the models: ${facts.listingModels.replace('<baseUrl>', config.baseUrl)}; ` +
          `then choose one with: ${setCommand} model=NAME`,
      };
    }
    return {
      ...answer,
      kind: 'wrong_address',
      transient: false,
      message:
        `${vendor} answered that there is nothing at that address (${status}: ${said}). Check baseUrl ` +
        `(an OpenAI-compatible server's usually ends in /v1) with: ${setCommand} baseUrl=URL`,
    };
  }
  // Gemini's per-minute limits say "exceeded your current quota" too, and pass; OpenAI's code does not.
  if (status === 429 && code === 'insufficient_quota') {
    return {
      ...answer,
      kind: 'quota',
      transient: false,
      message: `${vendor} says the account has no quota left (${status}: ${said}). Check its plan and billing.`,
    };
  }
  const retryAfterMs = retryAfter(error.responseHeaders, body);
  const wait = retryAfterMs === undefined ? '' : `; it asks to wait ${Math.ceil(retryAfterMs / 1000)} s`;
  if (status === 429) {
    return {
      ...answer,
      kind: 'rate_limited',
      transient: true,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      message: `${vendor} is limiting requests (${status}: ${said})${wait}. Try again later.`,
    };
  }
  if (status === 408) {
    return {
      ...answer,
      kind: 'timeout',
      transient: true,
      message: `${vendor} timed out (${status}: ${said}). Try again later.`,
    };
  }
  if (status >= 500) {
    return {
      ...answer,
      kind: 'server_error',
      transient: true,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      message: `${vendor} failed to answer (${status}: ${said})${wait}. This is usually brief; try again later.`,
    };
  }
  return {
    ...answer,
    kind: 'failed',
    transient: false,
    message: `${vendor} refused the request (${status}: ${said}).`,
  };
}

const contextPattern =
  /context length|context window|context_length|maximum context|prompt is too long|too many tokens|exceeds the maximum number of tokens|input token count|reduce the length of the (messages|prompt)/i;
const memoryPattern = /requires more system memory|out of memory|cudaMalloc failed|insufficient memory/i;
const keyPattern =
  /api[ _-]?key (is )?(not valid|invalid)|invalid[ _-]api[ _-]?key|API_KEY_INVALID|incorrect api key|invalid x-api-key/i;

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** No status: the request did not get an answer. */
function classifyConnection(
  error: APICallError,
  { config, vendor, setCommand }: Situation,
): AiErrorClassification {
  const code = causeCode(error.cause);
  const reason = conciseText(error.cause instanceof Error ? error.cause.message : error.message);
  if (code === undefined || unreachableCodes.has(code) || /bad port/i.test(reason)) {
    const start = config.kind === 'ollama' ? ' (is Ollama running? `ollama serve` starts it)' : '';
    return {
      kind: 'unreachable',
      transient: false,
      message: `Cannot reach ${vendor}: ${reason}. Check that the server runs${start} and that baseUrl is right: ${setCommand} baseUrl=URL`,
    };
  }
  return {
    kind: 'connection_lost',
    transient: true,
    message: `The connection to ${vendor} failed mid-request (${reason}). Try again later.`,
  };
}

/** The system error code (ECONNREFUSED, …) of a fetch failure, which Node nests one or two causes deep. */
function causeCode(cause: unknown): string | undefined {
  for (let current = cause, depth = 0; current !== undefined && current !== null && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

type ErrorBody = Record<string, unknown> | undefined;

function parseBody(text: string | undefined): ErrorBody {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The vendor's own explanation: `error.message` (OpenAI, Anthropic, Gemini), `error` as text
 * (Ollama), or `message`/`detail` (other servers).
 */
function vendorMessage(body: ErrorBody): string | undefined {
  const error = body?.error;
  if (typeof error === 'string') return error;
  const nested = (error as { message?: unknown } | undefined)?.message;
  if (typeof nested === 'string') return nested;
  const flat = body?.message ?? body?.detail;
  return typeof flat === 'string' ? flat : undefined;
}

/** OpenAI's `error.code` (context_length_exceeded, model_not_found, insufficient_quota). */
function vendorCode(body: ErrorBody): string | undefined {
  const code = (body?.error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * How long to wait, from `retry-after-ms` (OpenAI), `retry-after` (seconds or an HTTP date), or
 * Gemini's RetryInfo in the body (`"retryDelay": "30s"`).
 */
function retryAfter(headers: Record<string, string> | undefined, body: ErrorBody): number | undefined {
  const milliseconds = Number(headers?.['retry-after-ms']);
  if (headers?.['retry-after-ms'] !== undefined && Number.isFinite(milliseconds)) return milliseconds;
  const header = headers?.['retry-after'];
  if (header !== undefined) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return seconds * 1000;
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  const details = (body?.error as { details?: unknown } | undefined)?.details;
  for (const detail of Array.isArray(details) ? (details as Array<{ retryDelay?: unknown }>) : []) {
    const delay = typeof detail.retryDelay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(detail.retryDelay) : null;
    if (delay?.[1] !== undefined) return Number(delay[1]) * 1000;
  }
  return undefined;
}

/** One line, short enough to read in a table cell or a toast. */
function conciseText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 297)}…` : line;
}
