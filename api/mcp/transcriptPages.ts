import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { clockTime } from '../../store/export/clockTime.ts';
import type { SessionReader, SessionRecord } from '../../store/records.ts';
import { shownSpeaker } from '../../store/speakerNames.ts';
import type { EarshotLibrary } from './earshotLibrary.ts';
import { decodeCursor, encodeCursor } from './pageCursor.ts';
import { staleCursor, toolAnswer, toolRefusal, unknownSession } from './toolResults.ts';

/**
 * A page's text stops growing past this many characters (after at least one segment), so an
 * hour-long meeting arrives in pieces an assistant's context can take, each saying what is left.
 */
export const transcriptPageCharacters = 30_000;
const mostSegmentsAPage = 1000;

const transcriptSegmentSchema = z.object({
  seq: z.int().describe('Position in the session, from 0'),
  startMs: z.number().describe('Start, ms from the start of the session'),
  endMs: z.number(),
  speaker: z.string().nullable().describe('The name given to the speaker, else its label; null if unknown'),
  speakerLabel: z.string().nullable().describe('The label the speech provider gave'),
  language: z.string().nullable(),
  text: z.string(),
});

export const transcriptPageSchema = z.object({
  sessionId: z.string(),
  title: z.string(),
  status: z.string().describe('recording, completed or interrupted; a recording one is still growing'),
  segments: z.array(transcriptSegmentSchema),
  segmentsInRange: z.int().describe('Segments in the asked time range (all of them without one)'),
  remaining: z.int().describe('Segments of the range after this page'),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last'),
});

export type TranscriptPage = z.output<typeof transcriptPageSchema>;

export interface TranscriptRange {
  fromMs?: number;
  toMs?: number;
}

/** The cursor list of a session's transcript in a range: a cursor of another range is refused. */
function listName(sessionId: string, range: TranscriptRange): string {
  return `transcript:${sessionId}:${range.fromMs ?? ''}:${range.toMs ?? ''}`;
}

/**
 * The segments of a session that overlap the range, from `first` on, as many as `limit` and
 * `characterBudget` allow (at least one); never a segment cut in two.
 */
export function transcriptPage(
  store: SessionReader,
  session: SessionRecord,
  range: TranscriptRange,
  first: number,
  limit: number,
  characterBudget = transcriptPageCharacters,
): TranscriptPage {
  const names = store.getSpeakerNames(session.id);
  const inRange = store
    .getSegments(session.id)
    .filter(
      (segment) =>
        (range.fromMs === undefined || segment.endMs >= range.fromMs) &&
        (range.toMs === undefined || segment.startMs <= range.toMs),
    );
  const segments: TranscriptPage['segments'] = [];
  let characters = 0;
  for (const segment of inRange.slice(first, first + limit)) {
    if (segments.length > 0 && characters + segment.text.length > characterBudget) break;
    characters += segment.text.length;
    segments.push({
      seq: segment.seq,
      startMs: segment.startMs,
      endMs: segment.endMs,
      speaker: shownSpeaker(segment.speaker, names),
      speakerLabel: segment.speaker,
      language: segment.language,
      text: segment.text,
    });
  }
  const next = first + segments.length;
  const remaining = Math.max(0, inRange.length - next);
  return {
    sessionId: session.id,
    title: session.title,
    status: session.status,
    segments,
    segmentsInRange: inRange.length,
    remaining,
    nextCursor: remaining > 0 ? encodeCursor(listName(session.id, range), next) : null,
  };
}

/** The page as lines of `[h:mm:ss] Speaker: text`, then what is left and how to get it. */
export function transcriptPageText(page: TranscriptPage, nextStep: (cursor: string) => string): string {
  const lines = page.segments.map(
    (segment) =>
      `[${clockTime(segment.startMs)}] ${segment.speaker === null ? '' : `${segment.speaker}: `}${segment.text}`,
  );
  const heading =
    page.segmentsInRange === 0
      ? `${page.title || '(untitled)'} — id ${page.sessionId}: no transcript in this range.`
      : `${page.title || '(untitled)'} — id ${page.sessionId} (${page.status}): segments ` +
        `${page.segmentsInRange - page.remaining - page.segments.length + 1}–${page.segmentsInRange - page.remaining} of ${page.segmentsInRange}.`;
  const more =
    page.nextCursor === null
      ? []
      : [`${page.remaining} more segment(s) not shown: ${nextStep(page.nextCursor)}`];
  return [heading, ...lines, ...more].join('\n');
}

/** Where a page starts, or undefined for a cursor of another session or range. */
export function transcriptPageStart(
  sessionId: string,
  range: TranscriptRange,
  cursor: string | undefined,
): number | undefined {
  return decodeCursor(listName(sessionId, range), cursor);
}

export function registerTranscriptTool(server: McpServer, library: EarshotLibrary): void {
  const { store } = library;
  server.registerTool(
    'get_transcript',
    {
      title: "Get a session's transcript",
      description:
        'The words spoken in a session, segment by segment, each with its start time and speaker (the ' +
        "name given to the speaker, else the provider's label). Optionally only a time range, in seconds " +
        'from the start of the session. Long transcripts come in pages: the answer says how many segments ' +
        'are left and gives a cursor for the next page.',
      inputSchema: z.object({
        sessionId: z.string().min(1, 'Give the session id: search_sessions lists sessions with their ids.'),
        fromSecond: z.number().min(0).optional().describe('Only segments that end at or after this second'),
        toSecond: z.number().min(0).optional().describe('Only segments that start at or before this second'),
        limit: z
          .int()
          .min(1)
          .max(mostSegmentsAPage)
          .default(200)
          .describe(
            `Most segments per page, 1–${mostSegmentsAPage}; default 200. A page also stops near ${transcriptPageCharacters} characters.`,
          ),
        cursor: z.string().optional().describe('The nextCursor of the previous page, with the same range'),
      }),
      outputSchema: transcriptPageSchema,
      annotations: { title: "Get a session's transcript", readOnlyHint: true, openWorldHint: false },
    },
    ({ sessionId, fromSecond, toSecond, limit, cursor }) => {
      const session = store.getSession(sessionId);
      if (session === undefined) return unknownSession(sessionId);
      if (fromSecond !== undefined && toSecond !== undefined && fromSecond > toSecond) {
        return toolRefusal(
          `fromSecond (${fromSecond}) is after toSecond (${toSecond}); give a range that starts before it ends.`,
        );
      }
      const range = {
        ...(fromSecond === undefined ? {} : { fromMs: fromSecond * 1000 }),
        ...(toSecond === undefined ? {} : { toMs: toSecond * 1000 }),
      };
      const first = transcriptPageStart(sessionId, range, cursor);
      if (first === undefined) return staleCursor('get_transcript');
      const page = transcriptPage(store, session, range, first, limit);
      const text = transcriptPageText(
        page,
        (next) => `call get_transcript again with the same sessionId and range and cursor "${next}".`,
      );
      return toolAnswer(text, page);
    },
  );
}
