import { setTimeout as sleep } from 'node:timers/promises';
import { isRetryableStatus, ProviderError, redactSecrets } from './providerError.ts';
import type { UploadBody } from './uploadBody.ts';
import { vendorMessage } from './vendorMessage.ts';

export interface VendorRequest {
  /** Names the vendor in messages, e.g. "Deepgram". */
  vendor: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** JSON to send, or a factory for a streamed body (called again for each attempt). */
  json?: unknown;
  body?: () => UploadBody;
  signal: AbortSignal;
  /** Credential values to scrub from every message this call produces. */
  secrets: readonly string[];
  /** Attempts after the first for retryable failures; 0 for calls that must not repeat. */
  retries?: number;
  /** Per attempt, rounded up to whole milliseconds; a timeout counts as retryable. */
  timeoutMs?: number;
}

const defaultRetries = 3;
const defaultTimeoutMs = 120_000;
const longestRetryWaitMs = 10_000;
/** An upload slower than this (bytes per millisecond, i.e. 50 kB/s) is given up as stalled. */
const slowestUploadBytesPerMs = 50;

/**
 * The per-attempt `timeoutMs` of a request that uploads `bodyBytes`: the usual wait for the answer,
 * plus the time the body takes at the slowest rate still worth waiting for, plus `processingMs`
 * for vendors that answer only once they have processed the audio.
 */
export function uploadTimeoutMs(bodyBytes: number, processingMs = 0): number {
  return defaultTimeoutMs + Math.ceil(bodyBytes / slowestUploadBytesPerMs) + processingMs;
}

/**
 * One call to a vendor's HTTP API: retried with exponential backoff (honouring Retry-After) on
 * network errors, timeouts, 408/425/429 and 5xx; any other failure is permanent. Errors carry the
 * vendor's own message with every credential removed. Resolves with the successful response.
 */
export async function vendorRequest(request: VendorRequest): Promise<Response> {
  const retries = request.retries ?? defaultRetries;
  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptOnce(request);
    // Checked by our own class: a host may swap the global Response for another implementation.
    if (!(outcome instanceof ProviderError)) return outcome;
    if (outcome.kind !== 'retryable' || attempt >= retries) throw outcome;
    await sleep(backoffMs(attempt, outcome), undefined, { signal: request.signal }).catch(() => {
      throw cancelled(request);
    });
  }
}

/** `vendorRequest` and the parsed JSON of its answer. */
export async function vendorJson<Answer>(request: VendorRequest): Promise<Answer> {
  return readJsonAnswer(request, await vendorRequest(request));
}

/**
 * The parsed JSON body of a successful answer to `request`. The body arrives after the status, still
 * under the request's signal and deadline, so its failures are classified like the request's own:
 * a cancel is 'cancelled'; a deadline or a connection that breaks off midway is 'retryable'.
 */
export async function readJsonAnswer<Answer>(request: VendorRequest, response: Response): Promise<Answer> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (request.signal.aborted) throw cancelled(request);
    const reason = isTimeout(error)
      ? 'did not finish its answer in time'
      : `broke off its answer (${describeCause(error)})`;
    throw new ProviderError('retryable', redactSecrets(`${request.vendor} ${reason}.`, request.secrets), {
      status: response.status,
      cause: error,
    });
  }
  try {
    return JSON.parse(text) as Answer;
  } catch (error) {
    throw new ProviderError('permanent', `${request.vendor} answered with something that is not JSON.`, {
      status: response.status,
      cause: error,
    });
  }
}

interface RetryableFailure extends ProviderError {
  retryAfterMs?: number;
}

async function attemptOnce(request: VendorRequest): Promise<Response | RetryableFailure> {
  if (request.signal.aborted) return cancelled(request);
  // AbortSignal.timeout takes whole milliseconds only (a fraction is a RangeError).
  const timeout = AbortSignal.timeout(Math.ceil(request.timeoutMs ?? defaultTimeoutMs));
  const signal = AbortSignal.any([request.signal, timeout]);
  const upload = request.body?.();
  const headers = { ...request.headers, ...upload?.headers };
  if (request.json !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? (request.json !== undefined || upload !== undefined ? 'POST' : 'GET'),
      headers,
      body: upload?.body ?? (request.json === undefined ? undefined : JSON.stringify(request.json)),
      signal,
      ...(upload === undefined ? {} : { duplex: 'half' }),
    });
  } catch (error) {
    if (request.signal.aborted) return cancelled(request);
    const reason = timeout.aborted
      ? 'did not answer in time'
      : `could not be reached (${describeCause(error)})`;
    return new ProviderError('retryable', redactSecrets(`${request.vendor} ${reason}.`, request.secrets), {
      cause: error,
    });
  }
  if (response.ok) return response;
  const body = await response.text().catch(() => '');
  const message = vendorMessage(body) || response.statusText;
  const kind = isRetryableStatus(response.status) ? 'retryable' : 'permanent';
  const failure: RetryableFailure = new ProviderError(
    kind,
    redactSecrets(
      `${request.vendor} refused the request (HTTP ${response.status}): ${message}`,
      request.secrets,
    ),
    { status: response.status },
  );
  const retryAfter = Number(response.headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfterMs = retryAfter * 1000;
  return failure;
}

function backoffMs(attempt: number, failure: RetryableFailure): number {
  const exponential = 500 * 2 ** attempt;
  const jitter = Math.random() * 250;
  return Math.min(longestRetryWaitMs, failure.retryAfterMs ?? exponential + jitter);
}

function cancelled(request: VendorRequest): ProviderError {
  return new ProviderError('cancelled', `The request to ${request.vendor} was cancelled.`);
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : 'network error');
}
