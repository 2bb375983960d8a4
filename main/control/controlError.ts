/**
 * The one error shape of the control channel (`/control/v1`): a sentence for people, a stable code
 * for programs, and per-field messages when a form was wrong. Never cached: it describes this moment.
 */
export function controlError(
  status: 400 | 401 | 403 | 404 | 409 | 413 | 500 | 502 | 503,
  code: string,
  message: string,
  fields?: Record<string, string>,
): Response {
  return Response.json(fields === undefined ? { error: message, code } : { error: message, code, fields }, {
    status,
    headers: { 'Cache-Control': 'no-store' },
  });
}
