import { z } from 'zod';

import { serviceEventTypes, type ServiceEventType } from '../../actors/serviceEvents/serviceEventFeed.ts';
import type { EventFilter } from './eventFollowers.ts';

/**
 * The query of the event streams (`GET /api/v1/events`, `GET /control/v1/events`, `/api/v1/live`).
 * Each description doubles as the 400 message and as the OpenAPI description.
 */
export const eventQuerySchema = z.object({
  sessionId: z
    .string()
    .min(1)
    .optional()
    .meta({ description: "Only this session's events: a non-empty session id." }),
  types: z
    .string()
    .transform((list) => list.split(',').map((type) => type.trim()))
    .pipe(z.array(z.enum(serviceEventTypes as [ServiceEventType, ...ServiceEventType[]])).min(1))
    .optional()
    .meta({
      description: `Only these types of event, separated by commas: any of ${serviceEventTypes.join(', ')}.`,
    }),
  lastEventId: z
    .string()
    .min(1)
    .optional()
    .meta({
      description:
        'Resume after this event id (for clients that cannot send the Last-Event-ID header, which wins ' +
        'when both are given): the events since then are sent first.',
    }),
});

export type EventQueryResult =
  { ok: true; filter: EventFilter; lastEventId: string | undefined } | { ok: false; message: string };

/** The filter and resume point of a stream's query, or the first wrong parameter and its rule. */
export function parseEventQuery(parameters: URLSearchParams): EventQueryResult {
  const values: Record<string, string> = {};
  for (const name of Object.keys(eventQuerySchema.shape) as Array<keyof typeof eventQuerySchema.shape>) {
    const given = parameters.getAll(name);
    if (given.length > 1) return { ok: false, message: `Give "${name}" once.` };
    if (given[0] !== undefined) values[name] = given[0];
  }
  const parsed = eventQuerySchema.safeParse(values);
  if (!parsed.success) {
    const name = String(parsed.error.issues[0]?.path[0]) as keyof typeof eventQuerySchema.shape;
    return { ok: false, message: `"${name}": ${eventQuerySchema.shape[name].description}` };
  }
  const { sessionId, types, lastEventId } = parsed.data;
  return {
    ok: true,
    filter: { sessionId, types: types === undefined ? undefined : new Set(types) },
    lastEventId,
  };
}
