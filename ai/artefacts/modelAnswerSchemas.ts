import { z } from 'zod';
import { timestampSchema } from '../longSessions/timestamps.ts';

/**
 * What the model is asked to answer, as opposed to what is saved (artefactSchemas.ts): times as
 * `H:MM:SS` copied from the transcript, Markdown as plain strings, and an object at the root,
 * which every vendor's structured output accepts. The generation code grounds and reshapes these.
 */

export const proposedChapterSchema = z.object({
  title: z.string().trim().min(1),
  start: timestampSchema,
  summary: z.string(),
});
export type ProposedChapter = z.infer<typeof proposedChapterSchema>;

/**
 * Notes on a stretch of the transcript (one part, or several parts combined): everything the
 * summary, action items, keywords, chapters and mind map are made of, so one call per part serves
 * all five. A request asks only for the fields it needs (`.pick`).
 */
export const notesSchema = z.object({
  summary: z.string().trim().min(1),
  actionItems: z.array(z.string().trim().min(1)),
  keywords: z.array(z.string().trim().min(1)),
  chapters: z.array(proposedChapterSchema),
  /** The mind map of this stretch: Markdown headings and lists. */
  outline: z
    .string()
    .trim()
    .regex(/^(#{1,6} |[-*+] )/m, 'Markdown headings ("# ", "## ") and list items ("- ")'),
});
export type Notes = z.infer<typeof notesSchema>;
export type NoteField = keyof Notes;

/** A correction or translation of the numbered lines it was given. */
export const rewrittenLinesSchema = z.object({
  lines: z.array(z.object({ seq: z.number().int(), text: z.string() })),
});

/** What one part of a long transcript says towards answering a question, citing times inline. */
export const questionNotesSchema = z.object({
  relevant: z.boolean(),
  notes: z.string(),
});

/**
 * An answer from numbered passages of several sessions: its text cites passages as `[n]`, and
 * each citation gives the words it rests on, copied from passage `n`, so it can be checked.
 */
export const libraryAnswerSchema = z.object({
  answer: z.string().trim().min(1),
  citations: z.array(
    z.object({
      passage: z.coerce.number().int(),
      quote: z.string().trim().min(1),
    }),
  ),
});
export type LibraryAnswerProposal = z.infer<typeof libraryAnswerSchema>;
