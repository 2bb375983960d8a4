import type { MiddlewareHandler } from 'hono';

import { extractBearerToken } from './bearerToken.ts';
import type { ApiAccess } from './dependencies.ts';
import { errorResponse } from './responses.ts';

/**
 * Runs before routing for every path under the API prefix, known or not, so that without access a
 * client learns nothing about which paths exist: disabled → 403 whatever the token, then a
 * missing or wrong token → 401, and only then 404/405. `/health` stays open so tools can tell "not
 * running" from "switched off".
 */
export function accessGuard(access: ApiAccess, openPath: string): MiddlewareHandler {
  return async (context, next) => {
    if (context.req.path === openPath) return next();
    if (!access.isEnabled()) {
      return errorResponse(
        'api_disabled',
        'The Earshot REST API is switched off. Turn on "Open API" in Earshot\'s settings, or run "earshot api enable".',
      );
    }
    const header = context.req.header('authorization');
    const token = extractBearerToken(header);
    if (token === undefined || !access.verifyToken(token)) {
      const message =
        header === undefined
          ? 'Send the API token from Earshot\'s settings in the header "Authorization: Bearer <token>".'
          : token === undefined
            ? 'The Authorization header must be "Bearer <token>" with exactly one token.'
            : "The Bearer token is not valid. Copy the current API token from Earshot's settings.";
      return errorResponse('unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
    }
    return next();
  };
}
