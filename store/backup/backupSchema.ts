/**
 * The backup document, version 1, as a zod schema: the single definition the reader validates
 * against and the writer's output is typed by. Unknown fields are accepted and dropped, so a file
 * from a newer build that only adds fields still reads. Parse with `describeIssue` as the error map
 * (as `validateBackup` does) for messages that say what was expected and what was found.
 */

import { z } from 'zod';
import { askStatuses, generationStatuses, sessionStatuses } from '../records.ts';
import { findReferenceIssues, type KnownIds } from './backupReferences.ts';
import { backupFormatName, backupFormatVersion } from './backupFormat.ts';
import { expected, expecting } from './issueText.ts';
import { parseOffsetTimestamp } from '../offsetTimestamp.ts';
import { longestSpeakerName } from '../speakerNames.ts';
import { storedVocabularySchema } from '../vocabulary.ts';
import { codePointLength } from '../transcriptText.ts';

const identifier = z.string().min(1);

const nullableText = z.string({ error: expecting('a string or null') }).nullable();

const milliseconds = z
  .number({ error: expecting('a number ≥ 0') })
  .min(0, { error: expecting('a number ≥ 0') });

const timestampForm = 'an ISO 8601 date-time with an offset or Z, e.g. 2026-11-22T09:15:00.000+08:00';

/** Kept as written: ask entries store their timestamp as text. */
const offsetTimestampText = z
  .string({ error: expecting(timestampForm) })
  .refine((text) => parseOffsetTimestamp(text) !== undefined, { error: expecting(timestampForm) });

/** Converted to epoch milliseconds, the store's form. */
const offsetTimestampInstant = offsetTimestampText.transform(
  (text) => parseOffsetTimestamp(text) ?? Number.NaN,
);

function endNotBeforeStart(span: { startMs: number; endMs: number }, context: z.RefinementCtx): void {
  if (span.endMs < span.startMs) {
    context.addIssue({
      code: 'custom',
      path: ['endMs'],
      input: span.endMs,
      message: expected(`a number ≥ startMs (${span.startMs})`, span.endMs),
    });
  }
}

export const backupTopicSchema = z.object({
  id: identifier,
  name: z.string(),
  emoji: z.string(),
  description: z.string(),
});

export const backupTagSchema = z.object({
  id: identifier,
  name: z.string(),
  color: z.string(),
});

const confidence = z
  .number({ error: expecting('a number from 0 to 1') })
  .min(0, { error: expecting('a number from 0 to 1') })
  .max(1, { error: expecting('a number from 0 to 1') });

/** A word as the provider timed it; files written before words were kept have none. */
export const backupWordSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, { error: expecting('a word of at least one character') }),
    startMs: milliseconds,
    endMs: milliseconds,
    speaker: z.string({ error: expecting('a string') }).optional(),
    confidence: confidence.optional(),
  })
  .superRefine(endNotBeforeStart);

export const backupSegmentSchema = z
  .object({
    text: z.string(),
    startMs: milliseconds,
    endMs: milliseconds,
    speaker: nullableText.default(null),
    language: nullableText.default(null),
    words: z.array(backupWordSchema).optional(),
  })
  .superRefine(endNotBeforeStart);

export const backupChapterSchema = z
  .object({
    title: z.string(),
    startMs: milliseconds,
    endMs: milliseconds,
    summary: z.string(),
  })
  .superRefine(endNotBeforeStart);

export const backupPostProcessSchema = z
  .object({
    summary: z.string().default(''),
    actionItems: z.array(z.string()).default(() => []),
    keywords: z.array(z.string()).default(() => []),
    chapters: z.array(backupChapterSchema).default(() => []),
    status: z.enum(generationStatuses).default('none'),
  })
  .prefault(() => ({}));

export const backupMindMapSchema = z
  .object({
    markdown: z.string().default(''),
    status: z.enum(generationStatuses).default('none'),
  })
  .prefault(() => ({}));

const citationForm = 'an object {quote, speaker} or a string';

/** Older exports wrote citations as bare quotes; they read as quotes with no known speaker. */
export const backupCitationSchema = z.preprocess(
  (value) => (typeof value === 'string' ? { quote: value, speaker: null } : value),
  z.object(
    {
      quote: z.string(),
      speaker: nullableText.default(null),
    },
    { error: expecting(citationForm) },
  ),
);

export const backupAskEntrySchema = z.object({
  id: identifier,
  question: z.string(),
  answer: z.string(),
  citations: z.array(backupCitationSchema),
  createdAt: offsetTimestampText,
  status: z.enum(askStatuses),
});

const speakerNameForm = `a name of 1 to ${longestSpeakerName} characters`;

/** Names given to speakers, by the label the segments carry; only labels they carry can be named. */
const backupSpeakerNamesSchema = z
  .record(
    identifier,
    z
      .string({ error: expecting(speakerNameForm) })
      .trim()
      .refine((name) => name !== '' && codePointLength(name) <= longestSpeakerName, {
        error: expecting(speakerNameForm),
      }),
  )
  .default(() => ({}));

function namesOnlyKnownSpeakers(
  session: { segments: Array<{ speaker: string | null }>; speakerNames: Record<string, string> },
  context: z.RefinementCtx,
): void {
  const labels = new Set(session.segments.map((segment) => segment.speaker));
  for (const label of Object.keys(session.speakerNames)) {
    if (!labels.has(label)) {
      context.addIssue({
        code: 'custom',
        path: ['speakerNames', label],
        input: label,
        message: `names speaker "${label}", which no segment of this session carries`,
      });
    }
  }
}

export const backupSessionSchema = z
  .object({
    id: identifier,
    title: z.string(),
    startedAt: offsetTimestampInstant,
    status: z.enum(sessionStatuses),
    durationMs: milliseconds,
    providerId: z.string(),
    topicId: z.union([identifier, z.null()], { error: expecting('a topic id or null') }),
    tagIds: z.array(identifier),
    segments: z.array(backupSegmentSchema),
    translatedTranscript: nullableText.default(null),
    correctedTranscript: nullableText.default(null),
    postProcess: backupPostProcessSchema,
    mindMap: backupMindMapSchema,
    askHistory: z.array(backupAskEntrySchema).default(() => []),
    speakerNames: backupSpeakerNamesSchema,
  })
  .superRefine(namesOnlyKnownSpeakers);

/** The document's shape alone, without the rules that relate one part of it to another. */
export const backupShapeSchema = z.object({
  format: z.literal(backupFormatName),
  version: z.literal(backupFormatVersion),
  exportedAt: offsetTimestampInstant,
  topics: z.array(backupTopicSchema),
  tags: z.array(backupTagSchema),
  /** Left out by writers when it holds no term (and by files written before it existed). */
  vocabulary: storedVocabularySchema.optional(),
  sessions: z.array(backupSessionSchema),
});

/** A validated document: defaults filled in, timestamps as epoch milliseconds. */
export type BackupDocument = z.output<typeof backupShapeSchema>;
/** What a file may contain; the writer's output is checked against it at compile time. */
export type BackupDocumentInput = z.input<typeof backupShapeSchema>;
export type BackupSessionInput = z.input<typeof backupSessionSchema>;

/**
 * The full schema: the shape plus unique ids and references that resolve, to the file's own topics
 * and tags or to `known` ones (the store's, when merging).
 */
export function createBackupSchema(known: KnownIds = {}) {
  return backupShapeSchema.superRefine((document, context) => {
    for (const issue of findReferenceIssues(document, known)) {
      context.addIssue({ code: 'custom', path: issue.path, input: undefined, message: issue.message });
    }
  });
}

/** For files that must stand alone: every reference resolves within the file. */
export const backupSchema = createBackupSchema();
