import type { StatusChecks } from '../asyncJob/statusPolling.ts';
import type { FileTranscriptionRequest } from '../contract.ts';
import { apiUrl } from '../http/apiUrl.ts';
import type { UploadBody } from '../http/uploadBody.ts';
import { vendorJson, vendorRequest } from '../http/vendorRequest.ts';
import type { SonioxConfig } from './config.ts';
import { metadata } from './metadata.ts';

export interface SonioxCall {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Relative to the REST base, e.g. `/files`. */
  path: string;
  json?: unknown;
  body?: () => UploadBody;
  signal: AbortSignal;
  retries?: number;
  timeoutMs?: number;
}

/** One call to Soniox's REST API, authenticated the way Soniox wants it: `Authorization: Bearer <key>`. */
export function sonioxRequest(request: FileTranscriptionRequest<SonioxConfig>, call: SonioxCall) {
  return vendorRequest(vendorCall(request, call));
}

export function sonioxJson(request: FileTranscriptionRequest<SonioxConfig>, call: SonioxCall) {
  return vendorJson<unknown>(vendorCall(request, call));
}

function vendorCall(request: FileTranscriptionRequest<SonioxConfig>, call: SonioxCall) {
  return {
    vendor: metadata.vendor,
    url: apiUrl(request.baseUrl, call.path),
    method: call.method,
    headers: { authorization: `Bearer ${request.config.apiKey}` },
    json: call.json,
    body: call.body,
    signal: call.signal,
    secrets: [request.config.apiKey],
    retries: call.retries,
    timeoutMs: call.timeoutMs,
  };
}

/**
 * Soniox recommends no interval between status checks; once a second keeps a short chunk's wait
 * short and stays far below its rate limits.
 */
export function statusChecks(request: FileTranscriptionRequest<SonioxConfig>): StatusChecks {
  return { vendor: metadata.vendor, baseUrl: request.baseUrl, vendorIntervalMs: 1_000 };
}
