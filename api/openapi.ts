/**
 * The OpenAPI 3.1 document, generated from the zod schemas in schemas.ts and sessionListQuery.ts
 * (the same ones that type the handlers' answers), never written by hand.
 */
import { z } from 'zod';

import type { ErrorCode } from './errorCodes.ts';
import { type JsonObject, schemaPrefix } from './openapi/documentFragments.ts';
import { errorResponses, errorsOfEveryEndpoint } from './openapi/errorResponses.ts';
import { eventStreamAnswer, eventStreamParameters } from './openapi/eventStreamOperation.ts';
import { listQueryParameters } from './openapi/sessionListParameters.ts';
import { apiSchemaRegistry } from './schemas.ts';

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
  /** Answers with Server-Sent Events, each `data:` one of `responseSchemaId`, not with JSON. */
  eventStream?: boolean;
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
    path: '/events',
    operationId: 'followEvents',
    summary:
      'What happens as it happens, as Server-Sent Events: sessions started and stopped, stored and tentative ' +
      'lines, translations and finished AI artefacts',
    responseSchemaId: 'ServiceEvent',
    eventStream: true,
    extraErrors: ['invalid_query'],
  },
  {
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    responseSchemaId: 'OpenApiDocument',
  },
];

const errorsOfProtectedEndpoints: ErrorCode[] = ['api_disabled', 'unauthorized'];

const headersByError: Partial<Record<ErrorCode, JsonObject>> = {
  unauthorized: {
    'WWW-Authenticate': { description: 'Always "Bearer"', schema: { type: 'string', const: 'Bearer' } },
  },
};

/** The parts of the document that the full one (openapi/fullDocument.ts) builds on. */
export interface OpenApiDocument extends JsonObject {
  jsonSchemaDialect: string;
  servers: Array<{ url: string }>;
  security: JsonObject[];
  paths: Record<string, JsonObject>;
  components: { schemas: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
}

export function buildOpenApiDocument(version: string): OpenApiDocument {
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
      ...(endpoint.eventStream ? eventStreamParameters() : []),
    ],
    responses: {
      '200': endpoint.eventStream
        ? eventStreamAnswer(endpoint.responseSchemaId)
        : {
            description: 'Success',
            content: { 'application/json': { schema: { $ref: schemaPrefix + endpoint.responseSchemaId } } },
          },
      ...errorResponses(errors, headersByError),
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
