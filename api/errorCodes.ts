/**
 * Every machine-readable error code the server answers with, and the one HTTP status each carries.
 * Deriving the status from the code means a response can never pair a code with the wrong status.
 * The read-only API, the app's private routes, WebSocket refusals and the answers to requests Node
 * rejects before routing all take their codes from here.
 */
export const errorStatusByCode = {
  bad_request: 400,
  invalid_query: 400,
  invalid_request: 400,
  invalid_config: 400,
  invalid_model: 400,
  invalid_backup: 400,
  invalid_segment: 400,
  invalid_reference: 400,
  unknown_speaker: 400,
  empty_upload: 400,
  path_not_accepted: 400,
  upload_not_found: 400,
  unknown_model: 400,
  runtime_not_configured: 400,
  runtime_unavailable: 400,
  unauthorized: 401,
  api_disabled: 403,
  origin_not_allowed: 403,
  launch_secret_required: 403,
  browser_session_required: 403,
  not_found: 404,
  session_not_found: 404,
  audio_not_found: 404,
  topic_not_found: 404,
  tag_not_found: 404,
  job_not_found: 404,
  question_not_found: 404,
  provider_not_found: 404,
  ai_provider_not_found: 404,
  webhook_not_found: 404,
  delivery_not_found: 404,
  method_not_allowed: 405,
  confirmation_required: 409,
  session_recording: 409,
  invalid_state: 409,
  conflict: 409,
  read_only: 409,
  topic_exists: 409,
  tag_exists: 409,
  task_running: 409,
  upload_too_large: 413,
  range_not_satisfiable: 416,
  misdirected_request: 421,
  headers_too_large: 431,
  internal_error: 500,
  upload_failed: 500,
  storage_failed: 500,
  runtime_failed: 502,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;

export const errorCodes = Object.keys(errorStatusByCode) as ErrorCode[];
