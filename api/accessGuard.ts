import type { MiddlewareHandler } from 'hono';

import { extractBearerToken } from './bearerToken.ts';
import type { ApiAccess } from './dependencies.ts';
import { errorResponse } from './responses.ts';

/** Why a request may not use the API, as its error code, message and headers. */
export interface ApiAccessRefusal {
  code: 'api_disabled' | 'unauthorized';
  message: string;
  headers?: Record<string, string>;
}

const sendTokenInHeader =
  'Send the API token from Earshot\'s settings in the header "Authorization: Bearer <token>".';

/**
 * The API's own check, the same over HTTP and on a WebSocket upgrade: disabled → refused whatever
 * the token, then a missing or wrong token. `missingMessage` says where this kind of request can
 * carry the token.
 */
export function apiAccessRefusal(
  access: ApiAccess,
  authorization: string | undefined,
  missingMessage = sendTokenInHeader,
): ApiAccessRefusal | undefined {
  if (!access.isEnabled()) {
    return {
      code: 'api_disabled',
      message:
        'The Earshot REST API is switched off. Turn on "Open API" in Earshot\'s settings, or run "earshot api enable".',
    };
  }
  const token = extractBearerToken(authorization);
  if (token !== undefined && access.verifyToken(token)) return undefined;
  const message =
    authorization === undefined
      ? missingMessage
      : token === undefined
        ? 'The Authorization header must be "Bearer <token>" with exactly one token.'
        : "The Bearer token is not valid. Copy the current API token from Earshot's settings.";
  return { code: 'unauthorized', message, headers: { 'WWW-Authenticate': 'Bearer' } };
}

/**
 * Runs before routing for every path under the API prefix, known or not, so that without access a
 * client learns nothing about which paths exist: disabled → 403 whatever the token, then a
 * missing or wrong token → 401, and only then 404/405. `/health` stays open so tools can tell "not
 * running" from "switched off".
 */
export function accessGuard(access: ApiAccess, openPath: string): MiddlewareHandler {
  return async (context, next) => {
    if (context.req.path === openPath) return next();
    const refusal = apiAccessRefusal(access, context.req.header('authorization'));
    if (refusal !== undefined)
      return errorResponse(refusal.code, refusal.message, { headers: refusal.headers });
    return next();
  };
}
