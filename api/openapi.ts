/**
 * The OpenAPI 3.1 document, generated from the zod schemas in schemas.ts and sessionListQuery.ts
 * (the same ones that type the handlers' answers), never written by hand.
 */
import { z } from 'zod';

import { errorStatusByCode, type ErrorCode } from './errorCodes.ts';
import { apiSchemaRegistry, errorSchemaId } from './schemas.ts';
import { sessionListQuerySchema } from './sessionListQuery.ts';

type JsonObject = Record<string, unknown>;

interface Endpoint {
  path: string;
  operationId: string;
  summary: string;
  responseSchemaId: string;
  /** Needs no token and answers even when the API is switched off. */
  open?: boolean;
  takesSessionId?: boolean;
  takesListQuery?: boolean;
  /** Errors beyond the ones every endpoint can give. */
  extraErrors?: ErrorCode[];
}

const endpoints: Endpoint[] = [
  {
    path: '/health',
    operationId: 'getHealth',
    summary: 'Service health; open without a token, also when the API is switched off',
    responseSchemaId: 'HealthView',
    open: true,
  },
  {
    path: '/sessions',
    operationId: 'listSessions',
    summary: 'One page of sessions, newest first, with the number of all matches',
    responseSchemaId: 'SessionList',
    takesListQuery: true,
    extraErrors: ['invalid_query'],
  },
  {
    path: '/sessions/{id}',
    operationId: 'getSession',
    summary: 'One session with its transcript, segments, summary, mind map and Q&A history',
    responseSchemaId: 'SessionDetail',
    takesSessionId: true,
    extraErrors: ['session_not_found'],
  },
  {
    path: '/sessions/{id}/transcript',
    operationId: 'getSessionTranscript',
    summary: 'The transcript of one session, with its translation and AI correction when present',
    responseSchemaId: 'TranscriptView',
    takesSessionId: true,
    extraErrors: ['session_not_found'],
  },
  {
    path: '/sessions/{id}/summary',
    operationId: 'getSessionSummary',
    summary: 'The AI summary and mind map of one session',
    responseSchemaId: 'SummaryView',
    takesSessionId: true,
    extraErrors: ['session_not_found'],
  },
  {
    path: '/topics',
    operationId: 'listTopics',
    summary: 'All topics with their session counts',
    responseSchemaId: 'TopicList',
  },
  {
    path: '/tags',
    operationId: 'listTags',
    summary: 'All tags with their session counts',
    responseSchemaId: 'TagList',
  },
  {
    path: '/status',
    operationId: 'getStatus',
    summary: 'Whether a recording is running, and with which session and provider',
    responseSchemaId: 'StatusView',
  },
  {
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    responseSchemaId: 'OpenApiDocument',
  },
];

/** What the server itself may answer on any path (host and origin guard, failures). */
const errorsOfEveryEndpoint: ErrorCode[] = ['misdirected_request', 'origin_not_allowed', 'internal_error'];
const errorsOfProtectedEndpoints: ErrorCode[] = ['api_disabled', 'unauthorized'];

const headersByError: Partial<Record<ErrorCode, JsonObject>> = {
  unauthorized: {
    'WWW-Authenticate': { description: 'Always "Bearer"', schema: { type: 'string', const: 'Bearer' } },
  },
};

const schemaPrefix = '#/components/schemas/';

export function buildOpenApiDocument(version: string): JsonObject {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Earshot local REST API',
      version,
      description:
        'Read-only access to the sessions, topics and tags Earshot keeps on this computer. Only ' +
        'GET (and HEAD) is allowed; other methods get 405 with an Allow header. Every error body is ' +
        '{"error": message, "code": machine code}. Requests must be addressed to the loopback host ' +
        'and port the server listens on, and must not come from a web page of another origin.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearerAuth: [] }],
    paths: Object.fromEntries(endpoints.map((endpoint) => [endpoint.path, { get: toOperation(endpoint) }])),
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'The API token shown in Earshot\'s settings, sent as "Authorization: Bearer <token>".',
        },
      },
    },
  };
}

function toOperation(endpoint: Endpoint): JsonObject {
  const errors = [
    ...(endpoint.open ? [] : errorsOfProtectedEndpoints),
    ...(endpoint.extraErrors ?? []),
    ...errorsOfEveryEndpoint,
  ];
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.open ? { security: [] } : {}),
    parameters: [
      ...(endpoint.takesSessionId ? [sessionIdParameter] : []),
      ...(endpoint.takesListQuery ? listQueryParameters() : []),
    ],
    responses: {
      '200': {
        description: 'Success',
        content: { 'application/json': { schema: { $ref: schemaPrefix + endpoint.responseSchemaId } } },
      },
      ...errorResponses(errors),
    },
  };
}

const sessionIdParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Session id, percent-encoded; a malformed escape matches no session',
  schema: { type: 'string', minLength: 1 },
};

function listQueryParameters(): JsonObject[] {
  const querySchema = z.toJSONSchema(sessionListQuerySchema, {
    target: 'draft-2020-12',
    io: 'output',
  }) as { properties: Record<string, JsonObject> };
  return Object.entries(querySchema.properties).map(([name, property]) => {
    const { description, ...schema } = property;
    return { name, in: 'query', required: false, description, schema };
  });
}

/** One response per status; a status shared by several codes accepts any of their bodies. */
function errorResponses(codes: ErrorCode[]): Record<string, JsonObject> {
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

function componentSchemas(): Record<string, JsonObject> {
  const { schemas } = z.toJSONSchema(apiSchemaRegistry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => schemaPrefix + id,
  });
  // Each entry is a fragment of this document, not a standalone schema resource.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const fragment: JsonObject = { ...schema };
      delete fragment.$schema;
      delete fragment.$id;
      return [id, fragment];
    }),
  );
}
