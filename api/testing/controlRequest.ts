import type { Hono } from 'hono';

/**
 * One request to control routes mounted at `/control/v1` of `app`, with `body` sent as JSON: what
 * the control routes' unit tests make. The answer's status and its body as text (empty for a 204).
 */
export async function controlRequest(
  app: Hono,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const response = await app.request(`/control/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}
