import type { LiveErrorCode } from '../contract.ts';
import { liveErrorCodeForStatus } from '../live/liveErrors.ts';

interface StreamingError {
  code: LiveErrorCode;
  /** What happened, for the user; the vendor's own reason is appended. */
  explanation: string;
}

/** Universal Streaming's close codes (v3), which it also uses as `error_code` in `Error` messages. */
const closeCodes: Record<number, StreamingError> = {
  3005: { code: 'upstream_error', explanation: 'AssemblyAI ended the stream after a server error' },
  3007: {
    code: 'bad_request',
    explanation:
      'AssemblyAI refused the audio (each chunk must hold 50 to 1000 ms, sent no faster than real time)',
  },
  3008: {
    code: 'timeout',
    explanation: 'AssemblyAI ended the stream because the session reached its maximum duration',
  },
  3009: { code: 'rate_limited', explanation: 'AssemblyAI refused the stream: too many concurrent sessions' },
};

/**
 * What an AssemblyAI close code (or an `Error` message's code and text) stands for; undefined when
 * it says nothing the link being lost would not. 1008 covers both a refused key and an account
 * out of balance, told apart by the reason; an `Error` without a code is read by its text alone.
 */
export function streamingError(code: number | undefined, reason: string): StreamingError | undefined {
  const outOfBalance = /balance|credit|payment|billing|funds/i.test(reason);
  if (code === 1008 || (code === undefined && (outOfBalance || /unauthori[sz]ed|api key/i.test(reason)))) {
    return outOfBalance
      ? {
          code: 'payment_required',
          explanation: 'AssemblyAI refused the stream: the account balance is insufficient',
        }
      : { code: 'unauthorized', explanation: 'AssemblyAI refused the API key' };
  }
  if (code === 1011)
    return { code: 'upstream_error', explanation: 'AssemblyAI ended the stream after an error' };
  if (code !== undefined && closeCodes[code] !== undefined) return closeCodes[code];
  if (code !== undefined && code >= 400 && code < 600) {
    return { code: liveErrorCodeForStatus(code), explanation: `AssemblyAI reported an error (${code})` };
  }
  return undefined;
}

/** The user's message for `error`, with the vendor's reason when it gave one. */
export function streamingErrorMessage(error: StreamingError, vendorCode: number | undefined, reason: string) {
  const detail = [vendorCode === undefined ? undefined : `code ${vendorCode}`, reason.trim() || undefined]
    .filter((part) => part !== undefined)
    .join(': ');
  return `${error.explanation}${detail === '' ? '' : ` (${detail})`}.`;
}
