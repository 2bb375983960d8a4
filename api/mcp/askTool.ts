import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { clockTime } from '../../store/export/clockTime.ts';
import { dayOrInstantField, instantOf } from '../dayOrInstant.ts';
import type { AnsweredQuestion, SessionQuestions } from './earshotLibrary.ts';
import { toolAnswer, toolRefusal } from './toolResults.ts';

const citedPlaceSchema = z.object({
  sessionId: z.string(),
  sessionTitle: z.string(),
  startMs: z.number().nullable().describe('Start of the quoted segment; null where it was not found again'),
  endMs: z.number().nullable(),
  speaker: z.string().nullable(),
  quote: z.string(),
});

/**
 * `ask`: a question answered by the user's AI provider from the transcripts, with the places it
 * cites; only there when a provider is set up. It runs as the same AI job the app starts, so the
 * question and its answer are kept (in the session's Q&A, or the library's questions).
 */
export function registerAskTool(server: McpServer, questions: SessionQuestions): void {
  server.registerTool(
    'ask',
    {
      title: 'Ask about sessions',
      description:
        "Answers a question from what was said, using the user's AI provider, with citations (quote, " +
        'speaker, session and time). Give sessionId to ask about one session; leave it out to ask the ' +
        'whole library, optionally only a topic, a tag or a date range. Takes seconds to a minute; the ' +
        'question and answer are kept in Earshot. Prefer search_sessions and get_transcript for finding ' +
        'where something was said; use ask for questions that need the content understood.',
      inputSchema: z.object({
        question: z.string().trim().min(1, 'Ask a question: it is empty.').describe('The question'),
        sessionId: z.string().min(1).optional().describe('Ask about this session only; else the library'),
        topicId: z.string().min(1).optional().describe('Library questions: only sessions of this topic'),
        tagId: z.string().min(1).optional().describe('Library questions: only sessions with this tag'),
        from: dayOrInstantField('Library questions: only sessions that started on or after this day or time'),
        to: dayOrInstantField(
          'Library questions: only sessions that started on or before this day (all of it) or time',
        ),
      }),
      outputSchema: z.object({
        status: z
          .enum(['success', 'error', 'pending', 'cancelled'])
          .describe('pending: the answer was not finished in time; Earshot goes on and keeps it'),
        answer: z.string(),
        citations: z.array(citedPlaceSchema),
        keptAt: z.string().describe('Where Earshot keeps the question and its answer'),
      }),
      annotations: { title: 'Ask about sessions', readOnlyHint: false, openWorldHint: true },
    },
    async ({ question, sessionId, topicId, tagId, from, to }) => {
      if (sessionId !== undefined && [topicId, tagId, from, to].some((filter) => filter !== undefined)) {
        return toolRefusal(
          'topicId, tagId, from and to narrow a question of the library; leave them out when you give sessionId.',
        );
      }
      const startedFrom = from === undefined ? undefined : instantOf(from, false);
      const startedTo = to === undefined ? undefined : instantOf(to, true);
      if (startedFrom !== undefined && startedTo !== undefined && startedFrom > startedTo) {
        return toolRefusal(
          `"from" (${from}) is after "to" (${to}); give a range that starts before it ends.`,
        );
      }
      const answered =
        sessionId === undefined
          ? await questions.askLibrary(question, {
              ...(topicId === undefined ? {} : { topicId }),
              ...(tagId === undefined ? {} : { tagId }),
              ...(startedFrom === undefined ? {} : { startedFrom }),
              ...(startedTo === undefined ? {} : { startedTo }),
            })
          : await questions.askSession(sessionId, question);
      if (answered.status === 'error' || answered.status === 'cancelled') {
        return toolRefusal(`The question was not answered: ${answered.answer}`);
      }
      return toolAnswer(answerText(answered), { ...answered });
    },
  );
}

function answerText(answered: AnsweredQuestion): string {
  const cited = answered.citations.map(
    (place) =>
      `- ${place.sessionTitle || place.sessionId}` +
      `${place.startMs === null ? '' : ` at ${clockTime(place.startMs)}`}` +
      ` (session ${place.sessionId})${place.speaker === null ? '' : `, ${place.speaker}`}: “${place.quote}”`,
  );
  return [
    answered.status === 'pending'
      ? `The answer is not finished yet; Earshot goes on and keeps it in ${answered.keptAt}. So far:`
      : '',
    answered.answer,
    ...(cited.length === 0 ? [] : ['', 'Citations:', ...cited]),
  ]
    .filter((line, index) => index > 0 || line !== '')
    .join('\n');
}
