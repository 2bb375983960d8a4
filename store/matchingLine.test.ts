import { describe, expect, it } from 'vitest';
import { matchingLine, type CandidateLine } from './matchingLine.ts';
import type { MatchingLine } from './records.ts';
import { typedWords } from './sessionWords.ts';

const segment = (seq: number, text: string, speaker: string | null = null): CandidateLine => ({
  text,
  source: 'transcript',
  seq,
  startMs: seq * 1_000,
  speaker,
});
const summaryLine = (text: string): CandidateLine => ({
  text,
  source: 'summary',
  seq: null,
  startMs: null,
  speaker: null,
});

/** The marked parts of a line, to read what was marked. */
const markedParts = (line: MatchingLine | null) =>
  line?.marks.map((mark) => line.text.slice(mark.start, mark.end)) ?? [];

describe('matchingLine', () => {
  it('finds words whatever their accents and case, and marks them as written', () => {
    const line = matchingLine(typedWords('ecole NAIVE'), [
      segment(0, 'Nothing here.'),
      segment(1, 'The École was naïve about it.'),
    ]);
    expect(line?.text).toBe('The École was naïve about it.');
    expect(markedParts(line)).toEqual(['École', 'naïve']);
    expect(line).toMatchObject({ source: 'transcript', seq: 1, startMs: 1_000 });
  });

  it('takes the line holding most of the words, in any order, and marks whole words they begin', () => {
    const line = matchingLine(typedWords('database refactor'), [
      segment(0, 'We will refactor soon.'),
      segment(1, 'Refactoring the databases took a week.'),
    ]);
    expect(line?.seq).toBe(1);
    expect(markedParts(line)).toEqual(['Refactoring', 'databases']);
  });

  it("counts a segment's speaker, so a speaker's own line about the words wins", () => {
    const line = matchingLine(typedWords('anna budget'), [
      segment(0, 'The budget is tight.', 'Ben'),
      segment(1, 'I checked the budget twice.', 'Anna'),
    ]);
    expect(line).toMatchObject({ seq: 1, speaker: 'Anna' });
    expect(markedParts(line)).toEqual(['budget']);
  });

  it('shows a summary line, and prefers it to a segment that holds no more of the words', () => {
    const line = matchingLine(typedWords('pricing'), [
      summaryLine('The team agreed on pricing.'),
      segment(0, 'Pricing first.'),
    ]);
    expect(line).toMatchObject({ source: 'summary', seq: null, startMs: null, speaker: null });
    expect(markedParts(line)).toEqual(['pricing']);
  });

  it('does not match inside a word, except for Chinese and Japanese', () => {
    expect(matchingLine(typedWords('base'), [segment(0, 'The database is down.')])).toBeNull();
    const line = matchingLine(typedWords('预算'), [segment(0, '我们讨论了预算和计划')]);
    expect(markedParts(line)).toEqual(['预算']);
  });

  it('cuts a long line around its first match and keeps the marks on the words', () => {
    const filler = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const line = matchingLine(typedWords('zebra'), [segment(0, `${filler} the zebra ${filler}`)]);
    expect(line?.text.startsWith('…')).toBe(true);
    expect(line?.text.endsWith('…')).toBe(true);
    expect(line?.text.length).toBeLessThan(200);
    expect(markedParts(line)).toEqual(['zebra']);
  });

  it('is null when no line holds any of the words', () => {
    expect(matchingLine(typedWords('zebra'), [segment(0, 'Nothing here.')])).toBeNull();
  });
});
