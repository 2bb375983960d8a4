import { Hono } from 'hono';
import { z } from 'zod';
import {
  isTranscriptExportFormat,
  transcriptExportFormats,
  transcriptFileFormats,
} from '../../store/export/transcriptExport.ts';
import { sessionExportOf } from '../../store/export/sessionExport.ts';
import type { ListedSession, SessionListSource } from '../../store/records.ts';
import type { SessionPatch, SessionStore } from '../../store/sessionStore.ts';
import { deleteSessionAudio } from '../../store/audio/sessionAudioFiles.ts';
import { errorResponse } from '../responses.ts';
import { parseSessionListQuery } from '../sessionListQuery.ts';
import { parseJsonBody } from './requestBody.ts';
import { attachmentDisposition, safeFileName } from '../../store/safeFileName.ts';
import { trimmedText } from './textField.ts';
import { transcriptOpening } from './transcriptOpening.ts';

export const patchSchema = z
  .object({
    title: trimmedText(1, 200).optional(),
    topicId: z.string({ error: 'A topic id, or null for none.' }).nullable().optional(),
    tagIds: z.array(z.string(), { error: 'A list of tag ids.' }).optional(),
  })
  .strict();

const patchUsage =
  'Send {"title"?: "<1–200 characters>", "topicId"?: "<id>" | null, "tagIds"?: ["<id>", …]}.';

/**
 * The UI's sessions, relative to the control channel's base path:
 * - `GET /sessions?search=&words=&topicId=&tagId=&status=&limit=&offset=` → `{sessions, total}`,
 *   newest first, each with the `opening` of its transcript (its first words, null while it has
 *   none) and, with `words`, its `matchingLine` (records.ts; null when only the title held the words)
 * - `GET /sessions/:id` → `{session, segments, askHistory, speakerNames}` (names by speaker label)
 * - `PATCH /sessions/:id` `{title?, topicId?, tagIds?}` → `{session}`
 * - `DELETE /sessions/:id` → 204, with its recorded audio; refused while the session records
 * - `GET /sessions/:id/export?format=txt|md|srt|vtt|json` → the transcript as a file, speakers shown
 *   by their names; Markdown's times link to their moment in the app at the address asked
 */
export function createSessionControl(dependencies: {
  store: SessionStore;
  /** Where the sessions' recorded audio is kept, deleted with them. */
  dataDirectory: string;
  /** Where the list reads its pages; `store` itself, on this thread, when absent. */
  sessionLists?: SessionListSource;
}): Hono {
  const { store } = dependencies;
  const sessionLists = dependencies.sessionLists ?? store;
  const app = new Hono();

  app.get('/sessions', async (context) => {
    const parsed = parseSessionListQuery(new URL(context.req.url).searchParams);
    if (!parsed.ok) return errorResponse('invalid_query', parsed.message, { fields: parsed.fields });
    const { query } = parsed;
    const page = await sessionLists.listSessions(query);
    return context.json(
      {
        sessions: page.sessions.map((session) => ({
          ...session,
          opening: openingOf(store, session),
          ...(page.matchingLines === undefined
            ? {}
            : { matchingLine: page.matchingLines[session.id] ?? null }),
        })),
        total: page.total,
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  app.get('/sessions/:id', (context) => {
    const id = context.req.param('id');
    const session = store.getSession(id);
    if (session === undefined) return sessionNotFound(id);
    return context.json(
      {
        session,
        segments: store.getSegments(id),
        askHistory: store.getAskHistory(id),
        speakerNames: store.getSpeakerNames(id),
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  app.patch('/sessions/:id', async (context) => {
    const id = context.req.param('id');
    if (store.getSession(id) === undefined) return sessionNotFound(id);
    const parsed = await parseJsonBody(context, patchSchema, patchUsage);
    if (!parsed.ok) return parsed.response;
    const { title, topicId, tagIds } = parsed.data;
    const unknown = unknownReferences(store, topicId, tagIds);
    if (unknown !== undefined) {
      return errorResponse('invalid_request', 'Choose topics and tags that exist.', { fields: unknown });
    }
    const patch: SessionPatch = {
      ...(title === undefined ? {} : { title }),
      ...(topicId === undefined ? {} : { topicId }),
      ...(tagIds === undefined ? {} : { tagIds }),
    };
    const session = Object.keys(patch).length === 0 ? store.getSession(id) : store.updateSession(id, patch);
    return context.json({ session }, 200, { 'Cache-Control': 'no-store' });
  });

  app.delete('/sessions/:id', (context) => {
    const id = context.req.param('id');
    const session = store.getSession(id);
    if (session === undefined) return sessionNotFound(id);
    if (session.status === 'recording') {
      return errorResponse(
        'session_recording',
        'Stop the recording first; a session is deleted only once it has ended.',
      );
    }
    store.deleteSession(id);
    deleteSessionAudio(dependencies.dataDirectory, id);
    return context.body(null, 204);
  });

  app.get('/sessions/:id/export', (context) => {
    const id = context.req.param('id');
    const session = store.getSession(id);
    if (session === undefined) return sessionNotFound(id);
    const format = context.req.query('format') ?? '';
    if (!isTranscriptExportFormat(format)) {
      const formats = transcriptExportFormats.join(', ');
      return errorResponse('invalid_request', `Choose an export format: ${formats}.`, {
        fields: { format: `One of ${formats}.` },
      });
    }
    const { extension, contentType, render } = transcriptFileFormats[format];
    // The request reached the app's own address, so a Markdown export's time links lead back to it.
    const appAddress = new URL(context.req.url).origin;
    return new Response(render(sessionExportOf(store, session, appAddress)), {
      headers: {
        'Content-Type': contentType,
        'Content-Disposition': attachmentDisposition(
          `${safeFileName(session.title, 'transcript')}.${extension}`,
        ),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  return app;
}

function sessionNotFound(id: string): Response {
  return errorResponse('session_not_found', `There is no session ${id}; it may have been deleted.`);
}

function openingOf(store: SessionStore, session: ListedSession): string | null {
  return session.transcriptLength === 0 ? null : transcriptOpening(store.getTranscript(session.id));
}

/** Per-field messages naming the topic and tags that do not exist, or undefined when all do. */
function unknownReferences(
  store: SessionStore,
  topicId: string | null | undefined,
  tagIds: readonly string[] | undefined,
): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  if (typeof topicId === 'string' && !store.hasTopic(topicId)) {
    fields.topicId = `There is no topic ${topicId}.`;
  }
  const missingTags = [...new Set(tagIds ?? [])].filter((tagId) => !store.hasTag(tagId));
  if (missingTags.length > 0) {
    fields.tagIds = `There is no tag ${missingTags.join(', ')}.`;
  }
  return Object.keys(fields).length === 0 ? undefined : fields;
}
