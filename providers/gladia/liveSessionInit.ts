import { z } from 'zod';
import { liveErrorCodeForStatus, LiveFailure } from '../live/liveErrors.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { unreachableReason } from '../http/endpointReachability.ts';
import { ProviderError } from '../http/providerError.ts';
import { vendorJson } from '../http/vendorRequest.ts';
import { providerTerms } from '../vocabulary/fittingTerms.ts';
import type { GladiaConfig } from './config.ts';
import { customVocabulary } from './customVocabulary.ts';
import { metadata } from './metadata.ts';

/** Live capture always runs on solaria-1: solaria-3 (a `fileModel` choice) is pre-recorded only. */
export const liveModel = 'solaria-1';

const sessionSchema = z.object({
  id: z.string().min(1),
  url: z.url({ protocol: /^wss?$/ }),
});

/** Gladia answers a session init quickly; a longer wait would only delay the reconnect. */
const initTimeoutMs = 15_000;

/**
 * Creates a live session (`POST /v2/live`, authenticated by `x-gladia-key`) and returns the
 * WebSocket URL Gladia answers with; its `token` query is the session's credential. Tried once:
 * a refusal is the live session's to retry, with its own backoff, not this request's.
 */
export async function createLiveSession(
  config: GladiaConfig,
  languageHints: readonly string[],
  vocabulary: readonly string[],
  signal: AbortSignal,
): Promise<string> {
  const baseUrl = restBaseUrl(config.endpoint ?? metadata.defaultBaseUrl);
  let answer: unknown;
  try {
    answer = await vendorJson<unknown>({
      vendor: metadata.vendor,
      url: apiUrl(baseUrl, '/v2/live'),
      method: 'POST',
      headers: { 'x-gladia-key': config.apiKey },
      json: sessionSettings(languageHints, vocabulary),
      signal,
      secrets: [config.apiKey],
      retries: 0,
      timeoutMs: initTimeoutMs,
    });
  } catch (error) {
    throw initFailure(error, baseUrl);
  }
  const session = sessionSchema.safeParse(answer);
  if (!session.success) {
    throw new LiveFailure(
      'upstream_error',
      `${metadata.vendor} created a live session but answered without a WebSocket URL to stream to.`,
    );
  }
  return session.data.url;
}

/**
 * The init body: raw PCM16 16 kHz mono, partial and final transcripts, errors and lifecycle
 * events, and the custom vocabulary, if any.
 */
export function sessionSettings(languageHints: readonly string[], vocabulary: readonly string[]) {
  const terms = providerTerms(metadata, 'live', vocabulary);
  return {
    encoding: 'wav/pcm',
    bit_depth: 16,
    sample_rate: 16_000,
    channels: 1,
    model: liveModel,
    // Gladia's default (0.05 s) ends an utterance at a breath; a short pause keeps a phrase together.
    endpointing: 0.3,
    // One hint is the spoken language; several (or none) ask Gladia to follow switches between them.
    language_config: { languages: [...languageHints], code_switching: languageHints.length !== 1 },
    ...(terms.length === 0 ? {} : { realtime_processing: customVocabulary(terms) }),
    messages_config: {
      receive_partial_transcripts: true,
      receive_final_transcripts: true,
      receive_speech_events: false,
      receive_pre_processing_events: false,
      receive_realtime_processing_events: false,
      receive_post_processing_events: false,
      receive_acknowledgments: false,
      receive_errors: true,
      receive_lifecycle_events: true,
    },
  };
}

/** A ws(s) `endpoint` names the same host as its http(s) form; the init is an HTTP call. */
function restBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/^ws(s?):/i, 'http$1:');
}

function initFailure(error: unknown, baseUrl: string): unknown {
  if (!(error instanceof ProviderError) || error.kind === 'cancelled') return error;
  const message = `${metadata.vendor} did not open a live session: ${error.message}`;
  if (error.status !== undefined && error.status >= 400) {
    return new LiveFailure(liveErrorCodeForStatus(error.status), message);
  }
  const unreachable = unreachableReason(error);
  if (unreachable !== undefined) {
    return new LiveFailure('unreachable', `Cannot reach ${metadata.vendor} at ${baseUrl} (${unreachable}).`);
  }
  // Not a refusal: Gladia's answer timed out, broke off or was not JSON.
  return new LiveFailure(error.kind === 'retryable' ? 'connection_lost' : 'upstream_error', message);
}
