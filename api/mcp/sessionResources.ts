import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { clockTime } from '../../store/export/clockTime.ts';
import { toSessionListItem } from '../sessionViews.ts';
import type { ZonedClock } from '../zonedTime.ts';
import type { EarshotLibrary } from './earshotLibrary.ts';
import { decodeCursor, encodeCursor } from './pageCursor.ts';
import { transcriptPage, transcriptPageText } from './transcriptPages.ts';

export const recentSessionsUri = 'earshot://sessions/recent';
const transcriptUri = /^earshot:\/\/sessions\/([^/]+)\/transcript$/;
const recentSessionsShown = 50;
/** Transcript resources listed a page: one per session, newest first. */
export const transcriptsListedAPage = 100;

/**
 * The resources: the recent sessions (one list), and each session's transcript
 * (`earshot://sessions/{id}/transcript`, a template whose resources are listed too, a page at a
 * time with the protocol's cursor). Handled here rather than by McpServer's resource helpers,
 * which list every resource at once.
 */
export function registerSessionResources(
  server: McpServer,
  library: EarshotLibrary,
  clock: ZonedClock,
): void {
  const { store } = library;
  const protocol = server.server;
  protocol.registerCapabilities({ resources: {} });

  protocol.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const offset = decodeCursor('transcript resources', request.params?.cursor);
    if (offset === undefined) {
      throw new McpError(
        ErrorCode.InvalidParams,
        'This cursor was not given by resources/list; list again without it.',
      );
    }
    const page = store.listSessions({ limit: transcriptsListedAPage, offset });
    const next = offset + page.sessions.length;
    return {
      resources: [
        ...(offset === 0
          ? [
              {
                uri: recentSessionsUri,
                name: 'recent-sessions',
                title: 'Recent sessions',
                description: `The ${recentSessionsShown} newest sessions with their ids, dates, lengths and status`,
                mimeType: 'application/json',
              },
            ]
          : []),
        ...page.sessions.map((session) => ({
          uri: `earshot://sessions/${encodeURIComponent(session.id)}/transcript`,
          name: `transcript-${session.id}`,
          title: `Transcript: ${session.title || '(untitled)'} (${clock(session.startedAt).date})`,
          description: `${clockTime(session.durationMs)} long, ${session.status}`,
          mimeType: 'text/plain',
        })),
      ],
      ...(next < page.total ? { nextCursor: encodeCursor('transcript resources', next) } : {}),
    };
  });

  protocol.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: 'earshot://sessions/{id}/transcript',
        name: 'session-transcript',
        title: "A session's transcript",
        description: 'The whole transcript of a session, one line a segment with its time and speaker',
        mimeType: 'text/plain',
      },
    ],
  }));

  protocol.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const { uri } = request.params;
    if (uri === recentSessionsUri) {
      const { sessions, total } = store.listSessions({ limit: recentSessionsShown, offset: 0 });
      const listed = sessions.map((session) => ({
        ...toSessionListItem(session, clock),
        transcriptUri: `earshot://sessions/${encodeURIComponent(session.id)}/transcript`,
      }));
      return {
        contents: [
          { uri, mimeType: 'application/json', text: JSON.stringify({ sessions: listed, total }, null, 2) },
        ],
      };
    }
    const id = transcriptUri.exec(uri)?.[1];
    const session = id === undefined ? undefined : store.getSession(decodeURIComponent(id));
    if (session === undefined) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `There is no resource ${uri}. resources/list names them; search_sessions finds session ids.`,
      );
    }
    // All of it: a resource has no pages, and a transcript is never cut short unsaid.
    const page = transcriptPage(store, session, {}, 0, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY);
    return { contents: [{ uri, mimeType: 'text/plain', text: transcriptPageText(page, () => '') }] };
  });
}
