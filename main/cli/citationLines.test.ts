import { describe, expect, it } from 'vitest';
import type { AskEntry, Segment } from '../../store/records.ts';
import { citationLines } from './citationLines.ts';

const segment = (seq: number, startMs: number, text: string, speaker: string | null = null): Segment => ({
  seq,
  text,
  startMs,
  endMs: startMs + 3_000,
  speaker,
  language: null,
});

const entry = (answer: string, citations: AskEntry['citations']): AskEntry => ({
  id: 'entry-1',
  question: 'What did we decide?',
  answer,
  citations,
  createdAt: '2026-01-05T10:00:00.000Z',
  status: 'success',
});

describe('citationLines', () => {
  it('finds each quote’s time in the transcript and shows its speaker', () => {
    const segments = [
      segment(0, 4_000, 'The budget for March is 40,000 euros.', 'Bob'),
      segment(1, 3_725_000, ' Agreed, we keep it. ', 'Ana'),
    ];
    const lines = citationLines(
      entry('It is 40,000 euros [0:00:04], kept [1:02:05].', [
        { quote: 'The budget for March is 40,000 euros.', speaker: 'Bob' },
        { quote: 'Agreed, we keep it.', speaker: 'Ana' },
      ]),
      segments,
    );
    expect(lines).toEqual([
      '[0:04] Bob: The budget for March is 40,000 euros.',
      '[1:02:05] Ana: Agreed, we keep it.',
    ]);
  });

  it('takes the cited one of several segments with the same words, and finds a quote cut short', () => {
    const long = `We went through ${'every figure of the plan, '.repeat(20)}and agreed.`;
    const segments = [segment(0, 1_000, 'Yes.'), segment(1, 65_000, 'Yes.'), segment(2, 90_000, long)];
    const lines = citationLines(
      entry('They said yes [0:01:05] after the review [0:01:30].', [
        { quote: 'Yes.', speaker: null },
        { quote: `${long.slice(0, 299)}…`, speaker: null },
      ]),
      segments,
    );
    expect(lines).toEqual(['[1:05] Yes.', `[1:30] ${long.slice(0, 299)}…`]);
  });

  it('shows a quote the transcript no longer holds without a time', () => {
    expect(
      citationLines(entry('Gone [0:00:09].', [{ quote: 'A line since corrected.', speaker: 'Ana' }]), [
        segment(0, 9_000, 'A line, since corrected.', 'Ana'),
      ]),
    ).toEqual(['Ana: A line since corrected.']);
  });
});
