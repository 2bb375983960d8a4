import { sessionListQuerySchema } from '../sessionListQuery.ts';
import { type JsonObject, queryParameters } from './documentFragments.ts';

/** The query parameters of a session list, the REST API's and the app's, from the one schema both parse with. */
export function listQueryParameters(): JsonObject[] {
  return queryParameters(sessionListQuerySchema, 'output');
}
