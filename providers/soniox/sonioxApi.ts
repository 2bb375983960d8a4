import type { StatusChecks } from '../asyncJob/statusPolling.ts';
import type { FileTranscriptionRequest } from '../contract.ts';
import { vendorApi } from '../http/vendorApi.ts';
import type { SonioxConfig } from './config.ts';
import { metadata } from './metadata.ts';

/** Soniox's REST API, authenticated the way Soniox wants it: `Authorization: Bearer <key>`. */
export function sonioxApi(request: FileTranscriptionRequest<SonioxConfig>) {
  return vendorApi({
    vendor: metadata.vendor,
    baseUrl: request.baseUrl,
    headers: { authorization: `Bearer ${request.config.apiKey}` },
    secrets: [request.config.apiKey],
  });
}

/**
 * Soniox recommends no interval between status checks; once a second keeps a short chunk's wait
 * short and stays far below its rate limits.
 */
export function statusChecks(request: FileTranscriptionRequest<SonioxConfig>): StatusChecks {
  return { vendor: metadata.vendor, baseUrl: request.baseUrl, vendorIntervalMs: 1_000 };
}
