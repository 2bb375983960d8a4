import type { StatusChecks } from '../asyncJob/statusPolling.ts';
import type { FileTranscriptionRequest } from '../contract.ts';
import { vendorApi } from '../http/vendorApi.ts';
import type { GladiaConfig } from './config.ts';
import { metadata } from './metadata.ts';

/** Gladia's REST API, authenticated the way Gladia wants it: an `x-gladia-key` header. */
export function gladiaApi(request: FileTranscriptionRequest<GladiaConfig>) {
  return vendorApi({
    vendor: metadata.vendor,
    baseUrl: request.baseUrl,
    headers: { 'x-gladia-key': request.config.apiKey },
    secrets: [request.config.apiKey],
  });
}

/**
 * Gladia recommends no interval between status checks; once a second keeps a short chunk's wait
 * short and stays far below its rate limits.
 */
export function statusChecks(request: FileTranscriptionRequest<GladiaConfig>): StatusChecks {
  return { vendor: metadata.vendor, baseUrl: request.baseUrl, vendorIntervalMs: 1_000 };
}
