import { describe, expect, it } from 'vitest';
import type { LibraryPassage } from '../../store/libraryPassages.ts';
import { InvalidAnswerError } from '../generationErrors.ts';
import { requestTokens } from '../longSessions/requestBudget.ts';
import { scriptedModel } from '../testing/scriptedModel.ts';
import { streamedAnswers } from '../testing/streamedAnswers.ts';
import { answerLibraryQuestion, nothingFoundAnswer } from './libraryQuestion.ts';
import { jsonStringSoFar } from './streamedJsonText.ts';

const budgetReview: LibraryPassage = {
  sessionId: 'session-budget',
  sessionTitle: 'Budget review',
  sessionStartedAt: new Date(2026, 10, 2, 9).getTime(),
  startMs: 40_000,
  endMs: 69_000,
  terms: ['budget'],
  lines: [
    { seq: 4, startMs: 40_000, endMs: 49_000, speaker: 'Ana', text: 'Next item.' },
    { seq: 5, startMs: 50_000, endMs: 59_000, speaker: 'Bob', text: 'The budget for March is 40,000 euros.' },
    { seq: 6, startMs: 60_000, endMs: 69_000, speaker: 'Ana', text: 'Agreed, we keep it.' },
  ],
};

const standup: LibraryPassage = {
  sessionId: 'session-standup',
  sessionTitle: 'Standup',
  sessionStartedAt: new Date(2026, 10, 9, 9).getTime(),
  startMs: 3_600_000,
  endMs: 3_609_000,
  terms: ['budget'],
  lines: [{ seq: 12, startMs: 3_600_000, endMs: 3_609_000, speaker: null, text: 'Budget cuts hit hiring.' }],
};

describe('answerLibraryQuestion', () => {
  it('sends the numbered passages with their sessions, streams the answer, and cites session and time', async () => {
    const { run, requests } = streamedAnswers(
      JSON.stringify({
        answer: 'March has 40,000 euros, kept as agreed [1]; cuts hit hiring [2].',
        citations: [
          { passage: 1, quote: 'the budget for march is 40,000 euros' },
          { passage: 1, quote: 'Agreed, we keep it.' },
          { passage: 2, quote: 'Budget cuts hit hiring.' },
        ],
      }),
    );
    let streamed = '';
    const answer = await answerLibraryQuestion('What is the budget?', [budgetReview, standup], run, {
      onText: (text) => (streamed += text),
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.prompt).toContain('The question: What is the budget?');
    expect(requests[0]?.prompt).toContain(
      [
        '[1] Budget review, 2026-11-02',
        '[0:00:40] Ana: Next item.',
        '[0:00:50] Bob: The budget for March is 40,000 euros.',
        '[0:01:00] Ana: Agreed, we keep it.',
        '',
        '[2] Standup, 2026-11-09',
        '[1:00:00] Budget cuts hit hiring.',
      ].join('\n'),
    );
    expect(streamed).toBe('March has 40,000 euros, kept as agreed [1]; cuts hit hiring [2].');
    expect(answer.answer).toBe(streamed);
    expect(answer.citations).toEqual([
      {
        passage: 1,
        sessionId: 'session-budget',
        sessionTitle: 'Budget review',
        sessionStartedAt: budgetReview.sessionStartedAt,
        startMs: 50_000,
        endMs: 59_000,
        quote: 'the budget for march is 40,000 euros',
        speaker: 'Bob',
      },
      expect.objectContaining({ passage: 1, startMs: 60_000, quote: 'Agreed, we keep it.', speaker: 'Ana' }),
      expect.objectContaining({
        passage: 2,
        sessionId: 'session-standup',
        startMs: 3_600_000,
        speaker: null,
      }),
    ]);
  });

  it('drops a quote its passage does not hold, snaps one with nearly all its words, and takes out markers of nothing', async () => {
    const { run } = streamedAnswers(
      JSON.stringify({
        answer: 'It is 40,000 euros [1], said twice [2], and elsewhere [7].',
        citations: [
          { passage: 1, quote: 'The budget for March is 40,000 dollars' },
          { passage: 2, quote: 'We never said this at all' },
          { passage: 7, quote: 'Next item.' },
        ],
      }),
    );
    const answer = await answerLibraryQuestion('What is the budget?', [budgetReview, standup], run);
    // Passage 2's quote is not in it: the passage the answer cites is cited by its line with the
    // question's terms, in its own words.
    expect(answer.answer).toBe('It is 40,000 euros [1], said twice [2], and elsewhere.');
    expect(answer.citations.map(({ passage, startMs, quote }) => ({ passage, startMs, quote }))).toEqual([
      { passage: 1, startMs: 50_000, quote: 'The budget for March is 40,000 euros.' },
      { passage: 2, startMs: 3_600_000, quote: 'Budget cuts hit hiring.' },
    ]);
  });

  it('says no session mentions it, without asking the model, when no passage was found', async () => {
    const { run, requests } = streamedAnswers();
    expect(await answerLibraryQuestion('What about volcanoes?', [], run)).toEqual({
      answer: nothingFoundAnswer,
      citations: [],
    });
    expect(requests).toHaveLength(0);
    expect(nothingFoundAnswer).toMatch(/^No session mentions /);
  });

  it('reads JSON inside a Markdown fence, and asks again once when the answer is not of the shape', async () => {
    const fenced = streamedAnswers(
      '```json\n{"answer": "Kept [1].", "citations": [{"passage": 1, "quote": "we keep it"}]}\n```',
    );
    expect((await answerLibraryQuestion('Budget?', [budgetReview], fenced.run)).answer).toBe('Kept [1].');

    const { run, requests } = streamedAnswers('The budget is 40,000 euros.', '{"answer": ""}');
    let restarted = false;
    await expect(
      answerLibraryQuestion('Budget?', [budgetReview], run, { onRestart: () => (restarted = true) }),
    ).rejects.toBeInstanceOf(InvalidAnswerError);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.prompt).toContain(
      'Your previous answer could not be used: the answer was not a JSON object',
    );
    expect(restarted).toBe(true);
  });

  it('sends the best passages that fit a small context, and never a request larger than it', async () => {
    const passages: LibraryPassage[] = Array.from({ length: 200 }, (_, index) => ({
      ...budgetReview,
      sessionId: `session-${index}`,
      sessionTitle: `Meeting ${index}`,
      lines: budgetReview.lines.map((line) => ({
        ...line,
        text: `${line.text} Item ${index} of the budget list.`,
      })),
    }));
    const model = scriptedModel(4096);
    const answer = await answerLibraryQuestion('What is the budget?', passages, {
      generateStructured: model.generateStructured,
      streamText: model.streamText,
      limits: { contextWindow: 4096, maxOutputTokens: 4096 },
      signal: new AbortController().signal,
    });
    expect(model.record.calls).toBe(1);
    expect(model.record.largestRequest).toBeLessThanOrEqual(4096);
    const sent = new Set(answer.citations.map((citation) => citation.sessionId));
    // The best passages come first: those sent are the first ones, in order.
    expect(sent.has('session-0')).toBe(true);
    expect(sent.size).toBeGreaterThan(5);
    expect(sent.size).toBeLessThan(200);
    expect([...sent]).toEqual(
      [...sent].sort((left, right) => Number(left.slice(8)) - Number(right.slice(8))),
    );
    expect(answer.answer).not.toContain('[99]');
  });

  it('fits a passage longer than the whole context by cutting it short', async () => {
    const long: LibraryPassage = {
      ...budgetReview,
      lines: [{ ...budgetReview.lines[1]!, text: 'The budget. '.repeat(3_000) }],
    };
    const { run, requests } = streamedAnswers('{"answer": "Budget [1].", "citations": []}');
    await answerLibraryQuestion('Budget?', [long], {
      ...run,
      limits: { contextWindow: 4096, maxOutputTokens: 4096 },
    });
    expect(requestTokens(requests[0]!)).toBeLessThanOrEqual(4096);
  });
});

describe('jsonStringSoFar', () => {
  it('reads a string field of JSON still being written, escapes included', () => {
    expect(jsonStringSoFar('{"answer": "Line one\\nsaid \\"hi\\" \\u00e9', 'answer')).toBe(
      'Line one\nsaid "hi" é',
    );
    expect(jsonStringSoFar('{"answer": "Half an escape \\u00', 'answer')).toBe('Half an escape ');
    expect(jsonStringSoFar('{"answer": "Done.", "citations": []}', 'answer')).toBe('Done.');
    expect(jsonStringSoFar('{"answ', 'answer')).toBeUndefined();
  });
});
