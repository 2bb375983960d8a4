import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { clockTime } from '../../store/export/clockTime.ts';
import { listedSession, sessionStatuses, type SessionRecord } from '../../store/records.ts';
import { speakersOf } from '../../store/speakerNames.ts';
import { dayOrInstantField, instantOf } from '../dayOrInstant.ts';
import {
  askEntrySchema,
  matchingLineSchema,
  mindMapSchema,
  postProcessSchema,
  sessionListItemSchema,
  tagListSchema,
  topicListSchema,
} from '../schemas.ts';
import { sessionListQuerySchema } from '../sessionListQuery.ts';
import { toAskEntry, toSessionListItem, toSummaryView } from '../sessionViews.ts';
import type { ZonedClock } from '../zonedTime.ts';
import type { EarshotLibrary } from './earshotLibrary.ts';
import { decodeCursor, encodeCursor } from './pageCursor.ts';
import { staleCursor, toolAnswer, toolRefusal, unknownSession } from './toolResults.ts';

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
const mostSessionsAPage = 50;
const sessionIdInput = z
  .string()
  .min(1, 'Give the session id: search_sessions lists sessions with their ids.')
  .describe('The session id, as search_sessions or the recent sessions resource gives it');

const foundSessionSchema = sessionListItemSchema.extend({
  startedAt: z.string().describe('Start, ISO 8601 with the local offset'),
  topicName: z.string().nullable(),
  tagNames: z.array(z.string()),
  matchingLine: matchingLineSchema.nullable().describe('Where the words were found; null without a query'),
});

/**
 * The tools that read the library: finding sessions, a session's facts, what the AI made of it,
 * and the topics and tags sessions are filed under.
 */
export function registerSessionTools(server: McpServer, library: EarshotLibrary, clock: ZonedClock): void {
  const { store } = library;
  const lists = library.lists ?? { listSessions: (query) => Promise.resolve(store.listSessions(query)) };
  const names = () => ({
    topics: new Map(store.listTopics().map((topic) => [topic.id, topic.name])),
    tags: new Map(store.listTags().map((tag) => [tag.id, tag.name])),
  });

  server.registerTool(
    'search_sessions',
    {
      title: 'Search sessions',
      description:
        'Finds recorded sessions (meetings, calls, lectures, transcribed files), newest first. `query` ' +
        "holds words to find, all of them, in any order, in the title, the transcript, the speakers' names " +
        'or the AI summary, ignoring case and accents; Chinese or Japanese is found as characters in a row. ' +
        'Filter by topicId (list_topics), tagId (list_tags), status and a start date range. Each result has ' +
        'the session id for get_session, get_transcript and get_summary, and the line where the words ' +
        'were found with its time. Page with `cursor` from the previous answer.',
      inputSchema: z.object({
        query: sessionListQuerySchema.shape.words.describe(
          'Words to find (1–12 words, at most 200 characters); leave out to list every session',
        ),
        topicId: z.string().min(1).optional().describe('Only sessions of this topic (ids from list_topics)'),
        tagId: z.string().min(1).optional().describe('Only sessions with this tag (ids from list_tags)'),
        status: z.enum(sessionStatuses).optional().describe('Only sessions with this status'),
        from: dayOrInstantField('Only sessions that started on or after this day (YYYY-MM-DD) or time'),
        to: dayOrInstantField(
          'Only sessions that started on or before this day (YYYY-MM-DD, all of it) or time',
        ),
        limit: z
          .int()
          .min(1)
          .max(mostSessionsAPage)
          .default(10)
          .describe(`Sessions per page, 1–${mostSessionsAPage}; default 10`),
        cursor: z.string().optional().describe('The nextCursor of the previous page, for the next one'),
      }),
      outputSchema: z.object({
        sessions: z.array(foundSessionSchema),
        total: z.int().describe('Sessions matching, across all pages'),
        remaining: z.int().describe('Matching sessions after this page'),
        nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last'),
      }),
      annotations: { title: 'Search sessions', ...readOnly },
    },
    async ({ query, topicId, tagId, status, from, to, limit, cursor }) => {
      const offset = decodeCursor('sessions', cursor);
      if (offset === undefined) return staleCursor('search_sessions');
      const startedFrom = from === undefined ? undefined : instantOf(from, false);
      const startedTo = to === undefined ? undefined : instantOf(to, true);
      if (startedFrom !== undefined && startedTo !== undefined && startedFrom > startedTo) {
        return toolRefusal(
          `"from" (${from}) is after "to" (${to}); give a range that starts before it ends.`,
        );
      }
      const page = await lists.listSessions({
        limit,
        offset,
        ...(query === undefined || query === '' ? {} : { words: query }),
        ...(topicId === undefined ? {} : { topicId }),
        ...(tagId === undefined ? {} : { tagId }),
        ...(status === undefined ? {} : { status }),
        ...(startedFrom === undefined ? {} : { startedFrom }),
        ...(startedTo === undefined ? {} : { startedTo }),
      });
      const { topics, tags } = names();
      const sessions = page.sessions.map((session) => ({
        ...toSessionListItem(session, clock),
        startedAt: clock(session.startedAt).timestamp,
        topicName: session.topicId === null ? null : (topics.get(session.topicId) ?? null),
        tagNames: session.tagIds.flatMap((id) => tags.get(id) ?? []),
        matchingLine: page.matchingLines?.[session.id] ?? null,
      }));
      const next = offset + sessions.length;
      const remaining = Math.max(0, page.total - next);
      const nextCursor = remaining > 0 ? encodeCursor('sessions', next) : null;
      const lines = sessions.map((session) => {
        const filed = [session.topicName, ...session.tagNames].filter((name) => name !== null);
        const found = session.matchingLine;
        return [
          `- ${session.title || '(untitled)'} — id ${session.id}; ${session.date} ${session.time}, ` +
            `${session.status}, ${clockTime(session.duration)} long` +
            (filed.length > 0 ? `; filed under ${filed.join(', ')}` : ''),
          ...(found === null
            ? []
            : [
                `  found${found.startMs === null ? ' in the summary' : ` at ${clockTime(found.startMs)}`}` +
                  `${found.speaker === null ? '' : ` (${found.speaker})`}: ${found.text}`,
              ]),
        ].join('\n');
      });
      const heading =
        page.total === 0
          ? 'No session matches.'
          : `${page.total} session(s) match; these are ${offset + 1}–${next}.`;
      const more =
        nextCursor === null
          ? []
          : [
              `${remaining} more: call search_sessions again with the same filters and cursor "${nextCursor}".`,
            ];
      return toolAnswer([heading, ...lines, ...more].join('\n'), {
        sessions,
        total: page.total,
        remaining,
        nextCursor,
      });
    },
  );

  server.registerTool(
    'get_session',
    {
      title: 'Get a session',
      description:
        "A session's facts: title, start, length, status, speech provider, topic and tags, its speakers " +
        '(labels and the names given to them), how long its transcript is, whether it has an AI summary, ' +
        'mind map, translation or corrected transcript, and the questions already asked about it with ' +
        'their answers. For the words spoken use get_transcript; for the summary, get_summary.',
      inputSchema: z.object({ sessionId: sessionIdInput }),
      outputSchema: sessionListItemSchema.extend({
        startedAt: z.string(),
        updatedAt: z.string(),
        topicName: z.string().nullable(),
        tagNames: z.array(z.string()),
        segmentCount: z.int(),
        speakers: z.array(z.object({ label: z.string(), name: z.string().nullable() })),
        languages: z.array(z.string()),
        summaryStatus: postProcessSchema.shape.status,
        mindMapStatus: mindMapSchema.shape.status,
        hasTranslation: z.boolean(),
        hasCorrectedTranscript: z.boolean(),
        askHistory: z.array(askEntrySchema),
      }),
      annotations: { title: 'Get a session', ...readOnly },
    },
    ({ sessionId }) => {
      const session = store.getSession(sessionId);
      if (session === undefined) return unknownSession(sessionId);
      const segments = store.getSegments(sessionId);
      const { topics, tags } = names();
      const speakers = speakersOf(segments, store.getSpeakerNames(sessionId));
      const languages = [
        ...new Set(segments.flatMap((segment) => (segment.language === null ? [] : [segment.language]))),
      ];
      const askHistory = store.getAskHistory(sessionId).map(toAskEntry);
      const view = {
        ...toSessionListItem(listedSession(session), clock),
        startedAt: clock(session.startedAt).timestamp,
        updatedAt: clock(session.updatedAt).timestamp,
        topicName: session.topicId === null ? null : (topics.get(session.topicId) ?? null),
        tagNames: session.tagIds.flatMap((id) => tags.get(id) ?? []),
        segmentCount: segments.length,
        speakers,
        languages,
        summaryStatus: session.postProcess.status,
        mindMapStatus: session.mindMap.status,
        hasTranslation: session.translatedTranscript !== null,
        hasCorrectedTranscript: session.correctedTranscript !== null,
        askHistory,
      };
      const text = [
        `${view.title || '(untitled)'} — id ${view.id}`,
        `Started ${view.startedAt}, ${clockTime(view.duration)} long, ${view.status}, transcribed by ${view.providerId}.`,
        `Topic: ${view.topicName ?? 'none'}. Tags: ${view.tagNames.join(', ') || 'none'}.`,
        `Transcript: ${view.segmentCount} segment(s), ${view.transcriptLength} characters` +
          (languages.length > 0 ? `, in ${languages.join(', ')}` : '') +
          '. Read it with get_transcript.',
        `Speakers: ${speakers.map((speaker) => (speaker.name === null ? speaker.label : `${speaker.name} (${speaker.label})`)).join(', ') || 'not told apart'}.`,
        `AI summary: ${describeGeneration(session.postProcess.status)}; mind map: ${describeGeneration(session.mindMap.status)}` +
          (session.postProcess.status === 'success' ? ' (get_summary)' : '') +
          `; translation: ${view.hasTranslation ? 'yes' : 'none'}; corrected transcript: ${view.hasCorrectedTranscript ? 'yes' : 'none'}.`,
        ...(askHistory.length === 0
          ? []
          : [
              'Questions asked before:',
              ...askHistory.map((entry) => `- Q: ${entry.question}\n  A (${entry.status}): ${entry.answer}`),
            ]),
      ].join('\n');
      return toolAnswer(text, view);
    },
  );

  server.registerTool(
    'get_summary',
    {
      title: "Get a session's summary",
      description:
        'What the AI made of a session: its summary, action items, keywords, chapters (with start and ' +
        'end times) and mind map (Markdown). Each part has a status: none (never made), pending (being ' +
        'made), success or error.',
      inputSchema: z.object({ sessionId: sessionIdInput }),
      outputSchema: z.object({
        id: z.string(),
        title: z.string(),
        postProcess: postProcessSchema,
        mindMap: mindMapSchema,
      }),
      annotations: { title: "Get a session's summary", ...readOnly },
    },
    ({ sessionId }) => {
      const session = store.getSession(sessionId);
      if (session === undefined) return unknownSession(sessionId);
      const view = toSummaryView(session);
      return toolAnswer(summaryText(session), view);
    },
  );

  server.registerTool(
    'list_topics',
    {
      title: 'List topics',
      description:
        'Every topic sessions are filed under, with its id (for search_sessions and ask), emoji, ' +
        'description and how many sessions it holds.',
      inputSchema: z.object({}),
      outputSchema: topicListSchema,
      annotations: { title: 'List topics', ...readOnly },
    },
    () => {
      const topics = store.listTopics().map(({ id, name, emoji, description, sessionCount }) => ({
        id,
        name,
        emoji,
        description,
        sessionCount,
      }));
      const text =
        topics.length === 0
          ? 'There are no topics.'
          : topics
              .map(
                (topic) =>
                  `- ${topic.emoji} ${topic.name} — id ${topic.id}, ${topic.sessionCount} session(s)` +
                  (topic.description === '' ? '' : `: ${topic.description}`),
              )
              .join('\n');
      return toolAnswer(text, { topics });
    },
  );

  server.registerTool(
    'list_tags',
    {
      title: 'List tags',
      description:
        'Every tag, with its id (for search_sessions and ask), color and how many sessions carry it.',
      inputSchema: z.object({}),
      outputSchema: tagListSchema,
      annotations: { title: 'List tags', ...readOnly },
    },
    () => {
      const tags = store
        .listTags()
        .map(({ id, name, color, sessionCount }) => ({ id, name, color, sessionCount }));
      const text =
        tags.length === 0
          ? 'There are no tags.'
          : tags.map((tag) => `- ${tag.name} — id ${tag.id}, ${tag.sessionCount} session(s)`).join('\n');
      return toolAnswer(text, { tags });
    },
  );
}

function describeGeneration(status: SessionRecord['postProcess']['status']): string {
  return { none: 'not made', pending: 'being made', success: 'ready', error: 'failed' }[status];
}

function summaryText(session: SessionRecord): string {
  const { postProcess, mindMap } = session;
  const heading = `${session.title || '(untitled)'} — id ${session.id}`;
  if (postProcess.status !== 'success') {
    return [
      heading,
      `The AI summary is ${describeGeneration(postProcess.status)}; the mind map is ${describeGeneration(mindMap.status)}.`,
      postProcess.status === 'none'
        ? 'Summaries are made in the Earshot app or with "earshot summarize SESSION_ID" once an AI provider is set up.'
        : '',
    ]
      .filter((line) => line !== '')
      .join('\n');
  }
  return [
    heading,
    '',
    'Summary:',
    postProcess.summary,
    '',
    'Action items:',
    ...(postProcess.actionItems.length === 0
      ? ['(none)']
      : postProcess.actionItems.map((item) => `- ${item}`)),
    '',
    `Keywords: ${postProcess.keywords.join(', ') || '(none)'}`,
    '',
    'Chapters:',
    ...(postProcess.chapters.length === 0
      ? ['(none)']
      : postProcess.chapters.map(
          (chapter) =>
            `- [${clockTime(chapter.startMs)}–${clockTime(chapter.endMs)}] ${chapter.title}: ${chapter.summary}`,
        )),
    '',
    `Mind map (${describeGeneration(mindMap.status)}):`,
    mindMap.markdown || '(none)',
  ].join('\n');
}
