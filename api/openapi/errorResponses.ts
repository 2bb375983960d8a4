import { errorStatusByCode, type ErrorCode } from '../errorCodes.ts';
import { errorSchemaId } from '../schemas.ts';
import { type JsonObject, schemaPrefix } from './documentFragments.ts';

/**
 * The OpenAPI responses for error codes: one per status, and a status shared by several codes
 * accepts any of their bodies. `headersByError` names the headers a code's answer carries.
 */
export function errorResponses(
  codes: readonly ErrorCode[],
  headersByError: Partial<Record<ErrorCode, JsonObject>> = {},
): Record<string, JsonObject> {
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorStatusByCode[code];
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, JsonObject> = {};
  for (const [status, statusCodes] of [...codesByStatus].sort(([left], [right]) => left - right)) {
    const references = statusCodes.map((code) => ({ $ref: schemaPrefix + errorSchemaId(code) }));
    const headers = Object.assign({}, ...statusCodes.map((code) => headersByError[code] ?? {})) as JsonObject;
    responses[String(status)] = {
      description: `Error: ${statusCodes.join(' or ')}`,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: {
        'application/json': { schema: references.length === 1 ? references[0] : { oneOf: references } },
      },
    };
  }
  return responses;
}

/** What the server itself may answer on any path (host and origin guard, failures). */
export const errorsOfEveryEndpoint: ErrorCode[] = [
  'misdirected_request',
  'origin_not_allowed',
  'internal_error',
];
