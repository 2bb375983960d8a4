import { controlBasePath } from '../../api/control/controlBasePath.ts';
import { pageKeyHeaders } from './pageKey.ts';

/**
 * A refused control request, with the service's sentence for people, per-field messages, and the
 * facts a page needs to act on the refusal (`details`, such as the `host` a key would be sent to).
 */
export class ControlRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly details: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    details: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

export function controlUrl(path: string): string {
  return `${controlBasePath}${path}`;
}

/**
 * One call to the service's control channel (`/control/v1`), proved to be the owner's by the
 * session cookie this browser got when it signed in (HttpOnly: no script here ever sees it) and the
 * page key that only this origin's pages can read (a cookie alone may have leaked to another port's
 * server: browsers send cookies to every port of a host). A body is sent as JSON, a file (a Blob)
 * as itself: the service reads a file only when the page sends it, never by a path. Answers are
 * JSON; a refusal becomes a ControlRequestError with the service's words (for a 401, how to sign
 * in), and a service that cannot be reached says so in words a person can act on.
 */
export async function control<Answer>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(controlUrl(path), {
      method,
      credentials: 'same-origin',
      headers: { ...pageKeyHeaders(), ...contentType(body) },
      body: body === undefined || body instanceof Blob ? body : JSON.stringify(body),
    });
  } catch {
    throw new ControlRequestError(
      0,
      'unreachable',
      'The Earshot service is not answering. Check that it is running (npm start), then try again.',
    );
  }
  if (response.status === 204) return undefined as Answer;
  const answer = (await response.json().catch(() => undefined)) as
    { error?: string; code?: string; fields?: Record<string, string>; [detail: string]: unknown } | undefined;
  if (!response.ok) {
    const { error, code, fields, ...details } = answer ?? {};
    throw new ControlRequestError(
      response.status,
      code ?? 'failed',
      error ?? `The service answered ${response.status}.`,
      fields,
      Object.fromEntries(
        Object.entries(details).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
    );
  }
  return answer as Answer;
}

function contentType(body: unknown): Record<string, string> {
  if (body === undefined) return {};
  return { 'Content-Type': body instanceof Blob ? 'application/octet-stream' : 'application/json' };
}
