import { Hono, type Context } from 'hono';

import type { SessionReader, SessionRecord } from '../store/records.ts';
import { accessGuard } from './accessGuard.ts';
import type { ApiDependencies } from './dependencies.ts';
import { eventStreamRoute } from './events/eventStreamRoute.ts';
import { readLiveStatus } from './liveStatus.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { errorResponse, internalErrorResponse, reportToStandardError, sendJson } from './responses.ts';
import type { HealthView, SessionList, StatusView, TagList, TopicList } from './schemas.ts';
import { sessionIdFromPath } from './sessionIdFromPath.ts';
import { parseSessionListQuery } from './sessionListQuery.ts';
import { toSessionDetail, toSessionListItem, toSummaryView, toTranscriptView } from './sessionViews.ts';
import { createZonedClock, localTimeZone } from './zonedTime.ts';

export const apiBasePath = '/api/v1';

const defaultLiveTimeoutMs = 5000;
/** setTimeout fires at once for longer delays, which would silently turn the wait off. */
const longestTimerMs = 2_147_483_647;

/**
 * The read-only REST API. It routes the full `/api/v1/...` paths itself, so main can mount it at
 * the server root (`server.route('/', app)`) or hand it every `/api/` request (`app.fetch`).
 */
export function createApiApp(dependencies: ApiDependencies): Hono {
  const { store, access, live, version, followers } = dependencies;
  const sessionLists = dependencies.sessionLists ?? {
    listSessions: (query) => Promise.resolve(store.listSessions(query)),
  };
  const liveTimeoutMs = dependencies.liveTimeoutMs ?? defaultLiveTimeoutMs;
  if (!(liveTimeoutMs > 0 && liveTimeoutMs <= longestTimerMs)) {
    throw new RangeError(
      `liveTimeoutMs must be from 1 to ${longestTimerMs} milliseconds, got ${liveTimeoutMs}`,
    );
  }
  const clock = createZonedClock(dependencies.timeZone ?? localTimeZone());
  const reportError = dependencies.reportError ?? reportToStandardError;
  const openApiDocument = buildOpenApiDocument(version);

  const app = new Hono();
  app.use(`${apiBasePath}/*`, accessGuard(access, `${apiBasePath}/health`));

  const routes: Array<[path: string, handler: (context: Context) => Response | Promise<Response>]> = [
    [
      '/health',
      (context) =>
        sendJson(context, {
          status: 'ok',
          version,
          apiEnabled: access.isEnabled(),
          liveClients: live.liveClientCount(),
        } satisfies HealthView),
    ],
    [
      '/sessions',
      async (context) => {
        const parsed = parseSessionListQuery(new URL(context.req.url).searchParams);
        if (!parsed.ok) return errorResponse('invalid_query', parsed.message, { fields: parsed.fields });
        const page = await sessionLists.listSessions(parsed.query);
        return sendJson(context, {
          sessions: page.sessions.map((session) => ({
            ...toSessionListItem(session, clock),
            ...(page.matchingLines === undefined
              ? {}
              : { matchingLine: page.matchingLines[session.id] ?? null }),
          })),
          total: page.total,
          limit: parsed.query.limit,
          offset: parsed.query.offset,
        } satisfies SessionList);
      },
    ],
    [
      '/sessions/:id',
      withSession(store, (context, session) => sendJson(context, toSessionDetail(session, store, clock))),
    ],
    [
      '/sessions/:id/transcript',
      withSession(store, (context, session) => sendJson(context, toTranscriptView(session, store))),
    ],
    [
      '/sessions/:id/summary',
      withSession(store, (context, session) => sendJson(context, toSummaryView(session))),
    ],
    [
      '/topics',
      (context) =>
        sendJson(context, {
          topics: store.listTopics().map(({ id, name, emoji, description, sessionCount }) => ({
            id,
            name,
            emoji,
            description,
            sessionCount,
          })),
        } satisfies TopicList),
    ],
    [
      '/tags',
      (context) =>
        sendJson(context, {
          tags: store
            .listTags()
            .map(({ id, name, color, sessionCount }) => ({ id, name, color, sessionCount })),
        } satisfies TagList),
    ],
    [
      '/status',
      async (context) => {
        const status = await readLiveStatus(live, liveTimeoutMs, reportError);
        return sendJson(context, {
          version,
          ...status,
          liveClients: live.liveClientCount(),
        } satisfies StatusView);
      },
    ],
    ['/openapi.json', (context) => sendJson(context, openApiDocument)],
    ['/events', eventStreamRoute(followers)],
  ];

  for (const [path, handler] of routes) {
    app.get(apiBasePath + path, handler);
    app.all(apiBasePath + path, () =>
      errorResponse('method_not_allowed', 'This API is read-only: use GET (or HEAD) on this path.', {
        headers: { Allow: 'GET, HEAD' },
      }),
    );
  }

  // Registered as a route, not only as notFound, so it still applies when main mounts this app
  // with route(), which keeps the parent's notFound handler.
  app.all(`${apiBasePath}/*`, unknownPath);
  app.notFound(unknownPath);
  app.onError((error) => {
    reportError(error);
    return internalErrorResponse();
  });
  return app;
}

function withSession(
  store: SessionReader,
  answer: (context: Context, session: SessionRecord) => Response,
): (context: Context) => Response {
  return (context) => {
    const id = sessionIdFromPath(context.req.url);
    const session = id === undefined ? undefined : store.getSession(id);
    if (session === undefined) {
      return errorResponse(
        'session_not_found',
        `No session has this id. GET ${apiBasePath}/sessions lists the sessions and their ids.`,
      );
    }
    return answer(context, session);
  };
}

function unknownPath(): Response {
  return errorResponse(
    'not_found',
    `Nothing is served at this path. GET ${apiBasePath}/openapi.json lists every endpoint.`,
  );
}
