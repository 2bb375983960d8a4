import { z } from 'zod';
import type { LiveErrorCode } from '../contract.ts';
import { liveErrorCodeForStatus } from '../live/liveErrors.ts';

const errorSchema = z.object({
  error: z
    .object({
      message: z.unknown(),
      code: z.union([z.number(), z.string()]).nullish(),
    })
    .nullish(),
});

const descriptions: Record<LiveErrorCode, string> = {
  bad_request: 'Mistral rejected the stream settings or audio',
  unauthorized: 'Mistral did not accept the API key',
  payment_required: 'The Mistral account cannot pay for this transcription',
  forbidden: 'Mistral does not allow this account to use the model',
  timeout: 'Mistral timed out',
  rate_limited: 'Mistral is rate-limiting this account',
  upstream_error: 'Mistral failed while transcribing',
  connection_lost: 'The connection to Mistral was lost',
  unreachable: 'Mistral could not be reached',
  not_configured: 'Mistral is not configured',
};

/**
 * Voxtral's `{"type":"error","error":{"message","code"}}`: the code is an HTTP status where it
 * looks like one; anything else is taken as the vendor's own failure, worth a retry.
 */
export function realtimeError(message: Record<string, unknown>): { code: LiveErrorCode; message: string } {
  const error = errorSchema.parse(message).error;
  const status = Number(error?.code);
  const code = status >= 400 && status <= 599 ? liveErrorCodeForStatus(status) : 'upstream_error';
  const detail = errorDetail(error?.message);
  const vendorCode = error?.code === undefined || error.code === null ? '' : `code ${error.code}`;
  const parts = [vendorCode, detail].filter((part) => part !== '').join(': ');
  return { code, message: `${descriptions[code]}${parts ? ` (${parts})` : ''}.` };
}

/** The message is text, or an object that usually carries `detail` (as the Mistral SDK reads it). */
function errorDetail(message: unknown): string {
  if (typeof message === 'string') return message.trim();
  if (typeof message === 'object' && message !== null) {
    const detail = 'detail' in message ? message.detail : undefined;
    return (typeof detail === 'string' ? detail : JSON.stringify(message)).slice(0, 300).trim();
  }
  return '';
}
