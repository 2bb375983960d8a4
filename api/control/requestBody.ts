import type { Context } from 'hono';
import type { z } from 'zod';
import { errorResponse } from '../responses.ts';

export type ParsedBody<Output> = { ok: true; data: Output } | { ok: false; response: Response };

/**
 * Reads a JSON request body against `schema`. A refusal is a 400 `invalid_request` whose `fields`
 * hold one message per field, so a form can show each next to its input; `usage` says what to send.
 */
export async function parseJsonBody<Schema extends z.ZodType>(
  context: Context,
  schema: Schema,
  usage: string,
): Promise<ParsedBody<z.output<Schema>>> {
  const body: unknown = await context.req.json().catch(() => undefined);
  if (body === undefined) {
    return { ok: false, response: errorResponse('invalid_request', `The body is not JSON. ${usage}`) };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, data: parsed.data };
  return {
    ok: false,
    response: errorResponse('invalid_request', usage, { fields: fieldMessages(parsed.error) }),
  };
}

/** The first message for each field; unknown fields are named as such, the whole body as `body`. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= 'Unknown field; leave it out.';
      continue;
    }
    fields[issue.path.length === 0 ? 'body' : String(issue.path[0])] ??= issue.message;
  }
  return fields;
}
