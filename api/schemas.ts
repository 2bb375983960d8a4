/**
 * The wire contract: every response body the API sends, as zod schemas. The handlers' projections
 * are typed by these schemas and the OpenAPI document is generated from them, so the document,
 * the types and the answers cannot drift apart.
 */
import { z } from 'zod';

import { askStatuses, generationStatuses, sessionStatuses } from '../store/records.ts';
import { errorCodes, errorStatusByCode, type ErrorCode } from './errorCodes.ts';

/** Every schema that becomes a named entry under `components.schemas` of the OpenAPI document. */
export const apiSchemaRegistry = z.registry<{ id: string }>();

const milliseconds = z.number().nonnegative().meta({ description: 'Milliseconds' });
const count = z.int().nonnegative();
const zonedTimestamp = z.iso
  .datetime({ offset: true })
  .meta({ description: "ISO 8601 timestamp with the configured time zone's offset" });

export const sessionStatusSchema = z
  .enum(sessionStatuses)
  .meta({ description: 'recording, completed or interrupted' })
  .register(apiSchemaRegistry, { id: 'SessionStatus' });

export const generationStatusSchema = z
  .enum(generationStatuses)
  .meta({ description: 'State of a generated artefact; none until it is first requested' })
  .register(apiSchemaRegistry, { id: 'GenerationStatus' });

export const sessionListItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    date: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
      .meta({ description: 'Start date in the configured time zone, YYYY-MM-DD' }),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .meta({ description: 'Start time in the configured time zone, HH:MM on a 24-hour clock' }),
    status: sessionStatusSchema,
    duration: milliseconds.meta({ description: 'Length of the recording in milliseconds' }),
    providerId: z.string(),
    transcriptLength: count.meta({ description: 'Length of the transcript in Unicode code points' }),
    hasSummary: z.boolean().meta({ description: 'Whether postProcess.summary is non-empty' }),
    topicId: z.string().nullable(),
    tagIds: z.array(z.string()),
  })
  .register(apiSchemaRegistry, { id: 'SessionListItem' });

export const matchingLineSchema = z
  .object({
    text: z
      .string()
      .meta({ description: 'About two lines around the first matched word; "…" where text was left out' }),
    marks: z
      .array(z.object({ start: count, end: count }))
      .meta({ description: 'Each matched word in text, as UTF-16 offsets: text.slice(start, end)' }),
    source: z.enum(['summary', 'transcript']).meta({ description: 'A line of the AI summary, or a segment' }),
    seq: count.nullable().meta({ description: "The segment's seq; null for a summary line" }),
    startMs: milliseconds.nullable().meta({ description: "The segment's start; null for a summary line" }),
    speaker: z
      .string()
      .nullable()
      .meta({ description: "The segment's speaker; null if unknown or a summary line" }),
  })
  .meta({
    description:
      'With `words`: the line of the session that holds most of the words; null when only the title held them',
  })
  .register(apiSchemaRegistry, { id: 'MatchingLine' });

export const sessionListSchema = z
  .object({
    sessions: z
      .array(sessionListItemSchema.extend({ matchingLine: matchingLineSchema.nullable().optional() }))
      .meta({ description: 'Newest first by start time, ties by id' }),
    total: count.meta({ description: 'Number of sessions matching the filters, across all pages' }),
    limit: z.int().min(1).max(100).meta({ description: 'The applied page size' }),
    offset: count.meta({ description: 'The applied offset' }),
  })
  .register(apiSchemaRegistry, { id: 'SessionList' });

export const segmentWordSchema = z
  .object({
    text: z.string().meta({ description: 'The word as the provider spelled it, punctuation attached' }),
    startMs: milliseconds.meta({ description: 'Milliseconds from the start of the session' }),
    endMs: milliseconds,
    speaker: z.string().optional().meta({
      description: "The speaker label: the word's own where the provider labels words, else its segment's",
    }),
    confidence: z.number().min(0).max(1).optional().meta({
      description:
        "The provider's confidence in the word, 0–1, to three decimals; absent where it gives none",
    }),
  })
  .register(apiSchemaRegistry, { id: 'SegmentWord' });

export const segmentSchema = z
  .object({
    seq: count.meta({ description: 'Position in the session, 0-based, gap-free' }),
    text: z.string(),
    startMs: milliseconds,
    endMs: milliseconds,
    speaker: z.string().nullable().meta({ description: 'The speaker label the provider gave' }),
    language: z.string().nullable(),
    speakerName: z.string().nullable().meta({
      description:
        'How the speaker is shown: the name given to the label in speakerNames, else the label; null when speaker is',
    }),
    words: z.array(segmentWordSchema).optional().meta({
      description: "The segment's words with their times, where the provider timed them; absent otherwise",
    }),
  })
  .register(apiSchemaRegistry, { id: 'Segment' });

const speakerNamesField = z.record(z.string(), z.string()).meta({
  description: 'Names given to speaker labels in this session, by label, e.g. {"Speaker 1": "Alice"}',
});

export const chapterSchema = z
  .object({ title: z.string(), startMs: milliseconds, endMs: milliseconds, summary: z.string() })
  .register(apiSchemaRegistry, { id: 'Chapter' });

export const postProcessSchema = z
  .object({
    summary: z.string(),
    actionItems: z.array(z.string()),
    keywords: z.array(z.string()),
    chapters: z.array(chapterSchema),
    status: generationStatusSchema,
  })
  .register(apiSchemaRegistry, { id: 'PostProcess' });

export const mindMapSchema = z
  .object({
    markdown: z.string().meta({ description: 'Markdown text of the mind map' }),
    status: generationStatusSchema,
  })
  .register(apiSchemaRegistry, { id: 'MindMap' });

export const askEntrySchema = z
  .object({
    id: z.string(),
    question: z.string(),
    answer: z.string(),
    citations: z.array(z.object({ quote: z.string(), speaker: z.string().nullable() })),
    createdAt: z.string().meta({ description: 'ISO 8601 timestamp' }),
    status: z.enum(askStatuses),
  })
  .register(apiSchemaRegistry, { id: 'AskEntry' });

const transcriptFields = {
  transcript: z.string().meta({ description: 'Plain text of the committed transcript' }),
  translatedTranscript: z.string().nullable().meta({ description: 'null when there is no translation' }),
  correctedTranscript: z
    .string()
    .nullable()
    .meta({ description: 'The AI-corrected transcript; null until a correction has been applied' }),
  speakerNames: speakerNamesField,
};

export const sessionDetailSchema = sessionListItemSchema
  .extend({
    startedAt: zonedTimestamp,
    updatedAt: zonedTimestamp.meta({ description: 'Last change to the session or its transcript' }),
    ...transcriptFields,
    segments: z.array(segmentSchema),
    postProcess: postProcessSchema,
    mindMap: mindMapSchema,
    askHistory: z.array(askEntrySchema),
  })
  .register(apiSchemaRegistry, { id: 'SessionDetail' });

export const transcriptViewSchema = z
  .object({ sessionId: z.string(), ...transcriptFields })
  .register(apiSchemaRegistry, { id: 'TranscriptView' });

export const summaryViewSchema = z
  .object({ id: z.string(), title: z.string(), postProcess: postProcessSchema, mindMap: mindMapSchema })
  .register(apiSchemaRegistry, { id: 'SummaryView' });

export const topicListSchema = z
  .object({
    topics: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        emoji: z.string(),
        description: z.string(),
        sessionCount: count,
      }),
    ),
  })
  .register(apiSchemaRegistry, { id: 'TopicList' });

export const tagListSchema = z
  .object({
    tags: z.array(z.object({ id: z.string(), name: z.string(), color: z.string(), sessionCount: count })),
  })
  .register(apiSchemaRegistry, { id: 'TagList' });

export const healthViewSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    apiEnabled: z.boolean(),
    liveClients: count.meta({ description: 'Clients currently connected for live updates' }),
  })
  .register(apiSchemaRegistry, { id: 'HealthView' });

export const statusViewSchema = z
  .object({
    version: z.string(),
    recording: z.boolean(),
    currentSessionId: z.string().nullable(),
    currentProvider: z.string().nullable(),
    liveClients: count,
  })
  .meta({
    description:
      'When the recorder does not answer within the live timeout, recording is false and both ' +
      'current fields are null.',
  })
  .register(apiSchemaRegistry, { id: 'StatusView' });

export const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ description: 'This OpenAPI 3.1 document' })
  .register(apiSchemaRegistry, { id: 'OpenApiDocument' });

/** One schema per error code, so each documented status names exactly the codes it can carry. */
export const errorBodySchemas = Object.fromEntries(
  errorCodes.map((code) => [
    code,
    z
      .object({
        error: z.string().min(1).meta({ description: 'What went wrong and what to do about it' }),
        code: z.literal(code),
        fields: z
          .record(z.string(), z.string())
          .optional()
          .meta({ description: 'For each wrong field or parameter, what it must be' }),
      })
      .meta({ description: `Status ${errorStatusByCode[code]}` })
      .register(apiSchemaRegistry, { id: errorSchemaId(code) }),
  ]),
) as Record<
  ErrorCode,
  z.ZodObject<{
    error: z.ZodString;
    code: z.ZodLiteral<ErrorCode>;
    fields: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
  }>
>;

/** `session_not_found` becomes `SessionNotFoundError`, `internal_error` becomes `InternalError`. */
export function errorSchemaId(code: ErrorCode): string {
  const name = code
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return name.endsWith('Error') ? name : `${name}Error`;
}

export type SessionListItem = z.output<typeof sessionListItemSchema>;
export type SessionList = z.output<typeof sessionListSchema>;
export type SessionDetail = z.output<typeof sessionDetailSchema>;
export type TranscriptView = z.output<typeof transcriptViewSchema>;
export type SummaryView = z.output<typeof summaryViewSchema>;
export type TopicList = z.output<typeof topicListSchema>;
export type TagList = z.output<typeof tagListSchema>;
export type HealthView = z.output<typeof healthViewSchema>;
export type StatusView = z.output<typeof statusViewSchema>;
