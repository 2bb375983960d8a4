import { connect } from 'node:net';

/**
 * Whether anything answers at a provider's address, found the cheapest way that proves it: one
 * TCP connection to the address's host and port, closed at once. Nothing is sent over it, so no
 * credential can leave however the address was set; and it only ever goes to the address given.
 */
export type EndpointReachability = { reachable: true } | { reachable: false; reason: string };

/** A server that has not accepted a connection by then is not going to answer a request either. */
export const probeTimeoutMs = 2_000;

const defaultPorts: Readonly<Record<string, number>> = { 'http:': 80, 'ws:': 80, 'https:': 443, 'wss:': 443 };

/**
 * Connects to `address` (an http(s) or ws(s) URL) and says whether it could. Rejects only when
 * `signal` is aborted, with the signal's reason.
 */
export function probeEndpoint(
  address: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<EndpointReachability> {
  const timeoutMs = options.timeoutMs ?? probeTimeoutMs;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.resolve({ reachable: false, reason: `"${address}" is not a URL` });
  }
  const port = url.port === '' ? defaultPorts[url.protocol] : Number(url.port);
  if (port === undefined) {
    return Promise.resolve({
      reachable: false,
      reason: `${url.protocol} is not an http(s) or ws(s) address`,
    });
  }
  // An IPv6 host comes bracketed in a URL ("[::1]"); a socket takes it bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const settle = (outcome: EndpointReachability) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
      socket.destroy();
      resolve(outcome);
    };
    const cancel = () => {
      clearTimeout(timer);
      socket.destroy();
      const reason: unknown = options.signal?.reason;
      reject(reason instanceof Error ? reason : new Error('The probe was cancelled.', { cause: reason }));
    };
    const timer = setTimeout(
      () => settle({ reachable: false, reason: `no answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    if (options.signal?.aborted) {
      cancel();
      return;
    }
    options.signal?.addEventListener('abort', cancel, { once: true });
    socket.once('connect', () => settle({ reachable: true }));
    socket.once('error', (error) =>
      settle({ reachable: false, reason: unreachableReason(error) ?? error.message }),
    );
  });
}

const networkFailures: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'host unreachable',
  EHOSTDOWN: 'host down',
  ENETUNREACH: 'network unreachable',
  ENETDOWN: 'network down',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
};

/**
 * Why a connection could not be made, in a few words ("connection refused"), when `error` (or an
 * error it wraps, as fetch and Happy Eyeballs do) is one that says the address did not answer at
 * all; undefined for any other failure, such as a connection that was made and then broke.
 */
export function unreachableReason(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const candidate = pending.shift();
    if (typeof candidate !== 'object' || candidate === null || seen.has(candidate)) continue;
    seen.add(candidate);
    const { code, cause, errors } = candidate as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && networkFailures[code] !== undefined) return networkFailures[code];
    pending.push(cause, ...(Array.isArray(errors) ? (errors as unknown[]) : []));
  }
  return undefined;
}
