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

export interface ErrorExtras {
  /** One message per form field, so a form can show each next to its input. */
  fields?: Record<string, string>;
  /** Facts a program needs to act on the refusal, such as the `host` to confirm. */
  details?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * The one error body of every route: `{"error": <a sentence for people>, "code": <stable, for
 * programs>}`, with `fields` and `details` when they help; the status follows from the code.
 */
export function errorBody(
  code: ErrorCode,
  message: string,
  extras: ErrorExtras = {},
): Record<string, unknown> {
  const { fields, details } = extras;
  return fields === undefined
    ? { error: message, code, ...details }
    : { error: message, code, fields, ...details };
}

export function errorResponse(code: ErrorCode, message: string, extras: ErrorExtras = {}): Response {
  return Response.json(errorBody(code, message, extras), {
    status: errorStatusByCode[code],
    headers: { ...commonHeaders, ...extras.headers },
  });
}

/** What a client is told when a route failed unexpectedly; the cause goes to the log only. */
export function internalErrorResponse(): Response {
  return errorResponse(
    'internal_error',
    "Earshot failed to answer this request. Try again; if it keeps failing, check Earshot's log.",
  );
}

export function reportToStandardError(error: unknown): void {
  console.error('earshot: request failed', error);
}
