/**
 * The one error shape of the control channel (`/control/v1`): a sentence for people, a stable code
 * for programs, per-field messages when a form was wrong, and any facts a program needs to act on
 * the refusal (`details`, such as the `host` to confirm). Never cached: it describes this moment.
 */
export function controlError(
  status: 400 | 401 | 403 | 404 | 409 | 413 | 500 | 502 | 503,
  code: string,
  message: string,
  fields?: Record<string, string>,
  details: Record<string, string> = {},
): Response {
  return Response.json(
    fields === undefined
      ? { error: message, code, ...details }
      : { error: message, code, fields, ...details },
    { status, headers: { 'Cache-Control': 'no-store' } },
  );
}
