/** What one attempt came to: the receiver's status, and why it did not count as delivered. */
export interface AttemptOutcome {
  /** The HTTP status of the answer; null when there was none. */
  status: number | null;
  /** Null for a 2xx; otherwise words that never hold the URL. */
  error: string | null;
  /** How long a 429 or 503 asked to be left alone (its Retry-After), in milliseconds. */
  retryAfterMs?: number;
}

/** Redirects kept to the same scheme, host and port, at most this many in a row. */
const mostRedirects = 3;

/**
 * POSTs `body` to `url` once. A redirect is followed only with the method and body kept (307, 308)
 * and only to the same origin: a delivery never reaches a host the user did not give. Errors name
 * what happened, never the URL, which may carry a token. `now` reads a Retry-After given as a date.
 */
export async function postWebhook(request: {
  url: string;
  body: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  send: typeof fetch;
  timeoutSeconds: number;
  now: number;
}): Promise<AttemptOutcome> {
  const { body, headers, signal, send } = request;
  let url = new URL(request.url);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await send(url, { method: 'POST', body, headers, redirect: 'manual', signal });
      // Only the status counts: the answer's body is not read, however long it is.
      await response.body?.cancel();
      const { status } = response;
      if (status >= 200 && status < 300) return { status, error: null };
      if (status < 300 || status >= 400) {
        const retryAfterMs =
          status === 429 || status === 503 ? retryAfter(response.headers, request.now) : undefined;
        return {
          status,
          error: `The receiver answered ${status}.`,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        };
      }
      const location = response.headers.get('location');
      const target = location === null ? undefined : new URL(location, url);
      if ((status !== 307 && status !== 308) || target?.origin !== url.origin || redirects >= mostRedirects) {
        return {
          status,
          error: `The receiver redirected the delivery (${status}); Earshot follows only a few 307 and 308 redirects on the same host. Give the webhook its final URL.`,
        };
      }
      url = target;
    }
  } catch (error) {
    return {
      status: null,
      error: signal.aborted ? `No answer within ${request.timeoutSeconds} s.` : failureOf(error),
    };
  }
}

/**
 * fetch's own messages can quote the address; only the system's error code (ECONNREFUSED,
 * ENOTFOUND, a TLS code) is kept, which names the kind of failure without it.
 */
function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  switch (code) {
    case 'ECONNREFUSED':
      return 'The receiver refused the connection (ECONNREFUSED): is it running?';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The receiver's host name did not resolve (${code}).`;
    case undefined:
      return 'The delivery could not be sent.';
    default:
      return `The delivery could not be sent (${code}).`;
  }
}

/** Retry-After as seconds or as an HTTP date (RFC 9110); undefined when absent or unreadable. */
function retryAfter(headers: Headers, now: number): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
