import { readLaunchSecret } from './launchSecret.ts';

const controlBase = '/control/v1';

/** A refused control request, with the service's sentence for people and per-field messages. */
export class ControlRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function controlUrl(path: string): string {
  return `${controlBase}${path}`;
}

export function authorizationHeader(): Record<string, string> {
  const secret = readLaunchSecret();
  return secret === undefined ? {} : { Authorization: `Bearer ${secret}` };
}

/**
 * One call to the service's control channel (`/control/v1`). Answers are JSON; a refusal becomes
 * a ControlRequestError, and a service that cannot be reached says so in words a person can act on.
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
      headers: {
        ...authorizationHeader(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
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
    { error?: string; code?: string; fields?: Record<string, string> } | undefined;
  if (!response.ok) {
    throw new ControlRequestError(
      response.status,
      answer?.code ?? 'failed',
      answer?.error ?? `The service answered ${response.status}.`,
      answer?.fields,
    );
  }
  return answer as Answer;
}
