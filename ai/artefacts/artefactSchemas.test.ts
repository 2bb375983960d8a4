import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { AskEntry, Chapter, Citation, PostProcess } from '../../store/records.ts';
import type {
  actionItemsSchema,
  askAnswerSchema,
  chapterSchema,
  citationSchema,
  keywordsSchema,
  summarySchema,
} from './artefactSchemas.ts';
import { chaptersSchema, mindMapMarkdownSchema, segmentTextsSchema } from './artefactSchemas.ts';

describe('artefact schemas', () => {
  it('are the store’s shapes (a type check: it fails to compile when they drift apart)', () => {
    expectTypeOf<z.infer<typeof chapterSchema>>().toEqualTypeOf<Chapter>();
    expectTypeOf<z.infer<typeof chaptersSchema>>().toEqualTypeOf<PostProcess['chapters']>();
    expectTypeOf<z.infer<typeof citationSchema>>().toEqualTypeOf<Citation>();
    expectTypeOf<z.infer<typeof summarySchema>>().toEqualTypeOf<PostProcess['summary']>();
    expectTypeOf<z.infer<typeof actionItemsSchema>>().toEqualTypeOf<PostProcess['actionItems']>();
    expectTypeOf<z.infer<typeof keywordsSchema>>().toEqualTypeOf<PostProcess['keywords']>();
    expectTypeOf<z.infer<typeof askAnswerSchema>>().toEqualTypeOf<Pick<AskEntry, 'answer' | 'citations'>>();
  });

  it('take contiguous chapters and refuse gaps', () => {
    const chapter = (startMs: number, endMs: number) => ({ title: 'T', startMs, endMs, summary: '' });
    expect(chaptersSchema.safeParse([chapter(0, 10), chapter(10, 20)]).success).toBe(true);
    expect(chaptersSchema.safeParse([chapter(0, 10), chapter(12, 20)]).success).toBe(false);
    expect(chaptersSchema.safeParse([chapter(10, 5)]).success).toBe(false);
  });

  it('take a mind map of headings or lists, not prose', () => {
    expect(mindMapMarkdownSchema.safeParse('# Budget\n## Decisions\n- Launch in March').success).toBe(true);
    expect(mindMapMarkdownSchema.safeParse('- Budget\n  - Decisions').success).toBe(true);
    expect(mindMapMarkdownSchema.safeParse('The meeting was about the budget.').success).toBe(false);
  });

  it('take each segment once, in order', () => {
    expect(
      segmentTextsSchema.safeParse([
        { seq: 0, text: 'a' },
        { seq: 2, text: 'b' },
      ]).success,
    ).toBe(true);
    expect(
      segmentTextsSchema.safeParse([
        { seq: 2, text: 'a' },
        { seq: 2, text: 'b' },
      ]).success,
    ).toBe(false);
  });
});
