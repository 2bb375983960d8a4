/**
 * The routes of questions asked of the library (control/libraryQuestionControl.ts), as the full
 * OpenAPI document states them; part of the private operations' table.
 */
import { z } from 'zod';
import { libraryQuestionRequestSchema } from '../control/libraryQuestionControl.ts';
import type { PrivateOperation } from './privateOperations.ts';

const questionId = { description: 'Library question id', example: '2c9d4f6a-1b3e-4d5f-8a7c-9e0b1c2d3e4f' };

export const libraryCitationSchema = z.object({
  passage: z.int().meta({ description: 'The passage number the answer cites as [n]' }),
  sessionId: z.string(),
  sessionTitle: z.string(),
  sessionStartedAt: z.number().meta({ description: 'When the session started, ms since the epoch' }),
  startMs: z.number().meta({ description: "The cited segment's start, ms from the session's start" }),
  endMs: z.number(),
  quote: z.string().meta({ description: 'Words of the segment, checked against it' }),
  speaker: z.string().nullable(),
});

export const libraryQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  filters: z
    .object({
      topicId: z.string().optional(),
      tagId: z.string().optional(),
      from: z.string().optional().meta({ description: 'ISO 8601: sessions that started at or after it' }),
      to: z.string().optional().meta({ description: 'ISO 8601: sessions that started at or before it' }),
    })
    .meta({ description: 'Which sessions were asked; all of them when empty' }),
  aiProvider: z.string().nullable(),
  jobId: z
    .string()
    .meta({ description: 'The AI job that answers it; GET /control/v1/ai-jobs/{id} follows it' }),
  answer: z.string().meta({ description: 'Grows while pending; empty when it failed or was cancelled' }),
  citations: z.array(libraryCitationSchema),
  status: z.enum(['pending', 'success', 'error', 'cancelled']),
  error: z.string().nullable().meta({ description: 'Why it failed, and what to do' }),
  createdAt: z.string().meta({ description: 'ISO 8601' }),
  updatedAt: z.number(),
});

export const libraryQuestionStartedSchema = z.object({
  jobId: z.string().meta({ description: 'The AI job that answers; GET /control/v1/ai-jobs/{id} follows it' }),
  questionId: z.string().meta({ description: 'GET /control/v1/questions/{id} shows the answer as it grows' }),
});

export const libraryQuestionRoutes: PrivateOperation[] = [
  {
    method: 'post',
    path: '/questions',
    operationId: 'askLibrary',
    summary:
      'Answers a question across the sessions (all, or of a topic, a tag, a span of dates) with an AI provider, from the passages full-text search finds, citing session and time',
    body: {
      kind: 'json',
      schema: libraryQuestionRequestSchema,
      description: 'question: what to ask; topicId, tagId, from, to: which sessions; aiProvider: a name',
      example: { question: 'What did we decide about the budget?', from: '2026-11-01' },
    },
    answer: {
      status: 202,
      description: 'The job and the question, which shows pending until the answer is saved',
      schema: libraryQuestionStartedSchema,
    },
    errors: ['invalid_request', 'invalid_reference'],
  },
  {
    method: 'get',
    path: '/questions',
    operationId: 'listLibraryQuestions',
    summary: 'The questions asked of the library, newest first, at most 100',
    answer: {
      status: 200,
      description: 'The questions with their answers',
      schema: z.object({ questions: z.array(libraryQuestionSchema) }),
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/questions/{id}',
    operationId: 'getLibraryQuestion',
    summary: 'A question asked of the library: its answer growing while pending, its citations once answered',
    id: questionId,
    answer: { status: 200, description: 'The question and its answer', schema: libraryQuestionSchema },
    errors: ['question_not_found'],
  },
];
