import { eventQuerySchema } from '../events/eventFilterQuery.ts';
import { backlogLimitBytes } from '../events/eventFollowers.ts';
import { heartbeatIntervalMs } from '../events/eventStreamRoute.ts';
// Registers the schemas of the events, which the answer names.
import '../events/eventSchemas.ts';
import { type JsonObject, queryParameters, schemaPrefix } from './documentFragments.ts';
import type { PrivateOperation } from './privateOperations.ts';

/** The query and header of an event stream, from the schema its route parses them with. */
export function eventStreamParameters(): JsonObject[] {
  return [
    ...queryParameters(eventQuerySchema, 'input'),
    {
      name: 'Last-Event-ID',
      in: 'header',
      required: false,
      description:
        'The id of the last event received; the events after it that the feed still keeps come first, ' +
        'or a stream.reset event when it no longer has them. EventSource clients send it when they reconnect.',
      schema: { type: 'string', minLength: 1 },
    },
  ];
}

/** The 200 answer of an event stream whose `data:` lines hold `eventSchemaId`. */
export function eventStreamAnswer(eventSchemaId: string): JsonObject {
  return {
    description:
      'A stream of Server-Sent Events that stays open. Each event is "id: <feed id>", "event: <type>" and ' +
      `"data: <the event as JSON>", a ${eventSchemaId}. A client whose Last-Event-ID is no longer kept gets ` +
      `a StreamReset (event: stream.reset) first. A comment line comes every ${heartbeatIntervalMs / 1000} s. ` +
      `A client that leaves more than ${backlogLimitBytes / 1024 / 1024} MiB unread gets a StreamDropped ` +
      '(event: dropped) and the stream ends.',
    headers: {
      'Cache-Control': { schema: { type: 'string', const: 'no-store' } },
    },
    content: {
      'text/event-stream': {
        schema: { type: 'string', description: 'Lines of Server-Sent Events (text/event-stream)' },
        'x-earshot-event-data': {
          oneOf: [eventSchemaId, 'StreamReset', 'StreamDropped'].map((id) => ({ $ref: schemaPrefix + id })),
        },
      },
    },
  };
}

/** The owner's mount of the same stream (`GET /control/v1/events`); part of the private operations' table. */
export const ownerEventStreamRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/events',
    operationId: 'followEventsAsOwner',
    summary:
      "GET /api/v1/events for the service's owner, without the Open API switch: the same events, query and " +
      'Last-Event-ID header (the caption overlay and the CLI follow it)',
    answer: {
      status: 200,
      description: 'Server-Sent Events, as GET /api/v1/events sends them',
      mediaTypes: ['text/event-stream'],
    },
    errors: ['invalid_query'],
  },
];
