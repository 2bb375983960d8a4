import { z } from 'zod';

/**
 * What each generated artefact is when it is saved, in the store's shapes (store/records.ts): the
 * results the generation code returns are parsed with these before anyone saves them.
 */

export const summarySchema = z.string().trim().min(1);

/** Each a sentence naming the owner and the due date when the transcript says them. */
export const actionItemsSchema = z.array(z.string().trim().min(1));

export const keywordsSchema = z.array(z.string().trim().min(1));

export const chapterSchema = z
  .object({
    title: z.string().trim().min(1),
    startMs: z.number().int().nonnegative(),
    endMs: z.number().int().nonnegative(),
    summary: z.string(),
  })
  .refine((chapter) => chapter.endMs >= chapter.startMs, 'a chapter ends after it starts');

/** Chapters in order, each ending where the next starts. */
export const chaptersSchema = z
  .array(chapterSchema)
  .refine(
    (chapters) =>
      chapters.every((chapter, index) => index === 0 || chapters[index - 1]?.endMs === chapter.startMs),
    'chapters follow each other without gaps',
  );

/** Markdown headings and lists, the tree the page draws. */
export const mindMapMarkdownSchema = z
  .string()
  .trim()
  .regex(/^(#{1,6} |[-*+] )/m, 'Markdown headings or list items');

export const citationSchema = z.object({ quote: z.string().min(1), speaker: z.string().nullable() });

/** A Q&A answer as an AskEntry holds it. */
export const askAnswerSchema = z.object({
  answer: z.string().trim().min(1),
  citations: z.array(citationSchema),
});

/** A line of a corrected or translated transcript: the segment it replaces, and its new text. */
export const segmentTextSchema = z.object({ seq: z.number().int().nonnegative(), text: z.string() });

/** One entry per segment of the session, in order. */
export const segmentTextsSchema = z
  .array(segmentTextSchema)
  .refine(
    (entries) => entries.every((entry, index) => index === 0 || (entries[index - 1]?.seq ?? -1) < entry.seq),
    'segments in order, each once',
  );

export type SegmentText = z.infer<typeof segmentTextSchema>;
