import type { StatusChecks } from '../asyncJob/statusPolling.ts';
import type { FileTranscriptionRequest } from '../contract.ts';
import { apiUrl } from '../http/apiUrl.ts';
import type { UploadBody } from '../http/uploadBody.ts';
import { vendorJson, vendorRequest } from '../http/vendorRequest.ts';
import type { GladiaConfig } from './config.ts';
import { metadata } from './metadata.ts';

export interface GladiaCall {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Relative to the REST base, e.g. `/v2/upload`. */
  path: string;
  json?: unknown;
  body?: () => UploadBody;
  signal: AbortSignal;
  retries?: number;
  timeoutMs?: number;
}

/** One call to Gladia's REST API, authenticated the way Gladia wants it: an `x-gladia-key` header. */
export function gladiaRequest(request: FileTranscriptionRequest<GladiaConfig>, call: GladiaCall) {
  return vendorRequest(vendorCall(request, call));
}

export function gladiaJson(request: FileTranscriptionRequest<GladiaConfig>, call: GladiaCall) {
  return vendorJson<unknown>(vendorCall(request, call));
}

function vendorCall(request: FileTranscriptionRequest<GladiaConfig>, call: GladiaCall) {
  return {
    vendor: metadata.vendor,
    url: apiUrl(request.baseUrl, call.path),
    method: call.method,
    headers: { 'x-gladia-key': request.config.apiKey },
    json: call.json,
    body: call.body,
    signal: call.signal,
    secrets: [request.config.apiKey],
    retries: call.retries,
    timeoutMs: call.timeoutMs,
  };
}

/**
 * Gladia recommends no interval between status checks; once a second keeps a short chunk's wait
 * short and stays far below its rate limits.
 */
export function statusChecks(request: FileTranscriptionRequest<GladiaConfig>): StatusChecks {
  return { vendor: metadata.vendor, baseUrl: request.baseUrl, vendorIntervalMs: 1_000 };
}
