import type { LiveErrorCode } from '../contract.ts';

/**
 * Each live error's WebSocket close code on the proxy's client side (4000 + the HTTP status it
 * stands for), and whether it ends the session or is worth a reconnect.
 */
export const liveErrorCodes: Record<LiveErrorCode, { closeCode: number; permanent: boolean }> = {
  bad_request: { closeCode: 4400, permanent: true },
  unauthorized: { closeCode: 4401, permanent: true },
  payment_required: { closeCode: 4402, permanent: true },
  forbidden: { closeCode: 4403, permanent: true },
  timeout: { closeCode: 4408, permanent: false },
  not_configured: { closeCode: 4412, permanent: true },
  rate_limited: { closeCode: 4429, permanent: false },
  upstream_error: { closeCode: 4500, permanent: false },
  connection_lost: { closeCode: 4502, permanent: false },
  unreachable: { closeCode: 4503, permanent: false },
};

/** The error an HTTP status (an upgrade refused, a vendor's in-band status code) stands for. */
export function liveErrorCodeForStatus(status: number): LiveErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 402) return 'payment_required';
  if (status === 403) return 'forbidden';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'upstream_error';
  return 'bad_request';
}

/** The error a proxy close code stands for; anything unknown but abnormal counts as a lost link. */
export function liveErrorCodeForClose(closeCode: number): LiveErrorCode {
  const known = Object.entries(liveErrorCodes).find(([, entry]) => entry.closeCode === closeCode);
  return known === undefined ? 'connection_lost' : (known[0] as LiveErrorCode);
}

/** A failure an adapter raises while setting a stream up (such as P05's session init). */
export class LiveFailure extends Error {
  readonly code: LiveErrorCode;

  constructor(code: LiveErrorCode, message: string) {
    super(message);
    this.name = 'LiveFailure';
    this.code = code;
  }
}
