import { describe, expect, it } from 'vitest';
import { defaultMaxOutputTokens } from '../longSessions/requestBudget.ts';
import { scriptedModel } from '../testing/scriptedModel.ts';
import { syntheticMeeting } from '../testing/syntheticTranscripts.ts';
import { chaptersSchema, mindMapMarkdownSchema } from './artefactSchemas.ts';
import type { GenerationRun } from './generationRun.ts';
import { generateDigest } from './sessionDigest.ts';
import { answerQuestion } from './sessionQuestion.ts';
import { correctTranscript, translateTranscript } from './transcriptRewrite.ts';

/**
 * A three-hour meeting (about 30,000 words) against a scripted model that refuses any request
 * longer than its context: every artefact covers the whole session, and the calls stay few.
 */

const threeHours = 3 * 60 * 60_000;
const meeting = syntheticMeeting(threeHours);
const sessionEndMs = meeting.at(-1)?.endMs ?? 0;

function runFor(contextWindow: number, wordiness = 0) {
  const model = scriptedModel(contextWindow, { wordiness });
  const progress: Array<[number, number]> = [];
  const run: GenerationRun = {
    generateStructured: model.generateStructured,
    limits: { contextWindow, maxOutputTokens: defaultMaxOutputTokens },
    signal: new AbortController().signal,
    onProgress: (part, of) => progress.push([part, of]),
  };
  return { model, progress, run: { ...run, streamText: model.streamText } };
}

describe('a three-hour session at an 8k context', () => {
  it('is about 30,000 words', () => {
    const words = meeting.reduce((sum, segment) => sum + segment.text.split(/\s+/).length, 0);
    expect(words).toBeGreaterThan(29_000);
    expect(words).toBeLessThan(32_000);
  });

  it.each([
    ['terse', 0],
    ['wordy', 1],
  ])(
    'gets all five digest artefacts over the whole session from a %s model, in fewer than twice as many calls as parts',
    async (_, wordiness) => {
      const { model, progress, run } = runFor(8192, wordiness);
      const digest = await generateDigest(meeting, run);

      const parts = progress.at(-1)?.[1] ?? 0;
      expect(parts).toBeGreaterThan(1);
      expect(progress.map(([part]) => part)).toEqual(Array.from({ length: parts }, (_, index) => index + 1));
      expect(model.record.calls).toBeLessThan(2 * parts);
      // Notes that fill their room do not fit one combining request: they are combined in rounds.
      if (wordiness === 1) expect(model.record.calls).toBeGreaterThan(parts + 1);
      expect(model.record.largestRequest).toBeLessThanOrEqual(8192);

      const chapters = chaptersSchema.parse(digest.chapters);
      expect(chapters[0]?.startMs).toBe(0);
      expect(chapters.at(-1)?.endMs).toBe(sessionEndMs);
      const starts = new Set(meeting.map((segment) => segment.startMs));
      expect(chapters.every((chapter) => starts.has(chapter.startMs))).toBe(true);
      // The subject changes every 20 minutes: nine chapters, each where its subject starts.
      expect(chapters.map((chapter) => chapter.startMs / 60_000).map(Math.round)).toEqual([
        0, 20, 40, 60, 80, 100, 120, 140, 160,
      ]);

      expect(digest.summary).toContain('hiring');
      expect(digest.actionItems).toHaveLength(9);
      expect(digest.keywords).toHaveLength(9);
      expect(mindMapMarkdownSchema.safeParse(digest.mindMap).success).toBe(true);
    },
  );

  it('corrects every segment once, in order, without a request over the context', async () => {
    const { model, run } = runFor(8192);
    const corrected = await correctTranscript(meeting, run);
    expect(corrected.map((entry) => entry.seq)).toEqual(meeting.map((segment) => segment.seq));
    expect(corrected.every((entry) => entry.text.startsWith('About '))).toBe(true);
    expect(model.record.largestRequest).toBeLessThanOrEqual(8192);
    // The answer room given suits an answer as long as the lines sent.
    expect(model.record.largestAnswerShare).toBeLessThan(1);
  });

  it('translates every segment once, into a script that costs more tokens, within the answer room', async () => {
    const model = scriptedModel(8192, { translate: (text) => '预算'.repeat(Math.ceil(text.length / 4)) });
    const translated = await translateTranscript(meeting, 'Chinese', {
      generateStructured: model.generateStructured,
      limits: { contextWindow: 8192, maxOutputTokens: defaultMaxOutputTokens },
      signal: new AbortController().signal,
    });
    expect(translated.map((entry) => entry.seq)).toEqual(meeting.map((segment) => segment.seq));
    expect(translated.every((entry) => entry.text.startsWith('预算'))).toBe(true);
    expect(model.record.largestAnswerShare).toBeLessThan(1);
  });

  it('answers a question from notes on every part, citing only real segments', async () => {
    const { model, run } = runFor(8192);
    let streamed = '';
    const answer = await answerQuestion('What was said about hiring?', meeting, run, {
      onText: (text) => (streamed += text),
    });
    expect(model.record.largestRequest).toBeLessThanOrEqual(8192);
    expect(streamed).toContain('[99:00:00]');
    expect(answer.answer).not.toContain('99:00:00');
    expect(answer.citations.length).toBeGreaterThan(0);
    for (const citation of answer.citations) {
      const segment = meeting.find((candidate) => candidate.seq === citation.seq);
      expect(segment?.startMs).toBe(citation.startMs);
      expect(citation.quote).toBe(segment?.text);
      expect(citation.quote).toContain('hiring');
    }
  });
});

describe('a three-hour session at a 128k context', () => {
  it('is one part, and one call, for the digest', async () => {
    const { model, progress, run } = runFor(128_000);
    const digest = await generateDigest(meeting, run);
    expect(progress).toEqual([[1, 1]]);
    expect(model.record.calls).toBe(1);
    expect(digest.chapters?.[0]?.startMs).toBe(0);
    expect(digest.chapters?.at(-1)?.endMs).toBe(sessionEndMs);
  });

  it('answers a question in one call', async () => {
    const { model, run } = runFor(128_000);
    const answer = await answerQuestion('What was said about hiring?', meeting, run);
    expect(model.record.calls).toBe(1);
    expect(answer.citations.map((citation) => citation.startMs)).toEqual([0, meeting.at(-1)?.startMs]);
  });
});
