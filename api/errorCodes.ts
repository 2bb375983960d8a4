/**
 * Every machine-readable error code the server answers with, and the one HTTP status each carries.
 * Deriving the status from the code means a response can never pair a code with the wrong status.
 */
export const errorStatusByCode = {
  invalid_query: 400,
  unauthorized: 401,
  api_disabled: 403,
  origin_not_allowed: 403,
  not_found: 404,
  session_not_found: 404,
  method_not_allowed: 405,
  misdirected_request: 421,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;

export const errorCodes = Object.keys(errorStatusByCode) as ErrorCode[];
