import { z } from 'zod';

import { sessionListQuerySchema } from '../sessionListQuery.ts';
import type { JsonObject } from './documentFragments.ts';

/** The query parameters of a session list, the REST API's and the app's, from the one schema both parse with. */
export function listQueryParameters(): JsonObject[] {
  const querySchema = z.toJSONSchema(sessionListQuerySchema, {
    target: 'draft-2020-12',
    io: 'output',
  }) as { properties: Record<string, JsonObject> };
  return Object.entries(querySchema.properties).map(([name, property]) => {
    const { description, ...schema } = property;
    return { name, in: 'query', required: false, description, schema };
  });
}
