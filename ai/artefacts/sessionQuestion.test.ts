import { describe, expect, it } from 'vitest';
import { InvalidAnswerError } from '../generationErrors.ts';
import { streamedAnswers } from '../testing/streamedAnswers.ts';
import type { TranscriptSegment } from '../longSessions/transcriptLines.ts';
import { answerQuestion } from './sessionQuestion.ts';

const segments: TranscriptSegment[] = [
  { seq: 0, text: 'Welcome, everyone.', startMs: 0, endMs: 4_000, speaker: 'Ana' },
  { seq: 1, text: 'The budget for March is 40,000 euros.', startMs: 4_000, endMs: 9_000, speaker: 'Bob' },
  { seq: 2, text: 'Agreed, we keep it.', startMs: 9_500, endMs: 12_000, speaker: 'Ana' },
];

describe('answerQuestion', () => {
  it('sends a transcript that fits whole with the question, and grounds the answer’s citations', async () => {
    const { run, requests } = streamedAnswers(
      'It is 40,000 euros [0:00:04], kept [0:00:09] as agreed [0:00:40].',
    );
    const answer = await answerQuestion('What is the budget?', segments, run);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.prompt).toContain('The question: What is the budget?');
    expect(requests[0]?.prompt).toContain('[0:00:04] Bob: The budget for March is 40,000 euros.');
    expect(answer.answer).toBe('It is 40,000 euros [0:00:04], kept [0:00:09] as agreed.');
    expect(answer.citations).toEqual([
      {
        quote: 'The budget for March is 40,000 euros.',
        speaker: 'Bob',
        seq: 1,
        startMs: 4_000,
        endMs: 9_000,
      },
      { quote: 'Agreed, we keep it.', speaker: 'Ana', seq: 2, startMs: 9_500, endMs: 12_000 },
    ]);
  });

  it('answers in the language of the question unless the user chose one', async () => {
    const first = streamedAnswers('Sí [0:00:04].');
    await answerQuestion('¿Cuál es el presupuesto?', segments, first.run);
    expect(first.requests[0]?.system).toContain('Answer in the language the question is asked in.');
    const second = streamedAnswers('Ja [0:00:04].');
    await answerQuestion('What is the budget?', segments, {
      ...second.run,
      prompts: { outputLanguage: 'German' },
    });
    expect(second.requests[0]?.system).toContain('Answer in German.');
  });

  it('asks again when the answer is nothing but citations of nothing, then fails visibly', async () => {
    const { run, requests } = streamedAnswers('[2:00:00]', '');
    let restarted = false;
    await expect(
      answerQuestion('What is the budget?', segments, run, { onRestart: () => (restarted = true) }),
    ).rejects.toBeInstanceOf(InvalidAnswerError);
    expect(requests).toHaveLength(2);
    expect(restarted).toBe(true);
  });
});
