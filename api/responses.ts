import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import { errorStatusByCode, type ErrorCode } from './errorCodes.ts';

/** Answers read private data; no cache between the client and us may keep a copy. */
const commonHeaders = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export function sendJson(
  context: Context,
  body: unknown,
  status: ContentfulStatusCode = 200,
  headers: Record<string, string> = {},
): Response {
  return context.json(body, status, { ...commonHeaders, ...headers });
}

export function sendError(
  context: Context,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return sendJson(context, { error: message, code }, errorStatusByCode[code], headers);
}
