import type { MiddlewareHandler } from 'hono';

import { errorResponse } from './responses.ts';

export const loopbackNames = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * DNS-rebinding and cross-site defence for the whole server. A page on another site can make the
 * user's browser send requests here, but it cannot make the browser send our loopback Host with
 * our port unless its name resolves to us (rebinding), and it cannot forge its Origin; so we
 * refuse any other Host and any foreign Origin. No CORS headers are ever sent, so browsers never
 * let foreign pages read an answer either.
 *
 * The port is read per request because the server may only learn it after binding.
 */
export function hostAndOriginGuard(getPort: () => number): MiddlewareHandler {
  return async (context, next) => {
    const port = getPort();
    const allowedHosts = loopbackNames.map((name) => `${name}:${port}`);
    const host = context.req.header('host')?.toLowerCase();
    if (host === undefined || !allowedHosts.includes(host)) {
      return errorResponse(
        'misdirected_request',
        `This server only answers requests addressed to ${allowedHosts.join(', ')}. ` +
          'Use one of those as the host in the URL.',
      );
    }
    const origin = context.req.header('origin');
    if (origin !== undefined && !allowedHosts.includes(originHost(origin))) {
      return errorResponse(
        'origin_not_allowed',
        'Requests from web pages of other origins are refused. ' +
          'Call the API from a local program or from the Earshot app itself.',
      );
    }
    await next();
  };
}

/** The host part of an `http://` origin, or '' for anything else (https, "null", garbage). */
function originHost(origin: string): string {
  const prefix = 'http://';
  const lowered = origin.toLowerCase();
  return lowered.startsWith(prefix) ? lowered.slice(prefix.length) : '';
}
