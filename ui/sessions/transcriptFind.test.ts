import { describe, expect, it } from 'vitest';
import { findMatches, foldForFind, steppedMatch } from './transcriptFind.ts';

const texts = ['École naïve à Zürich.', 'Une ecole NAIVE, encore une école.', 'Nothing here.'].map(
  foldForFind,
);

/** What each match covers in its own text, to read the tests by. */
const found = (query: string) =>
  findMatches(texts, query).map(({ textIndex, start, end }) => [
    textIndex,
    ['École naïve à Zürich.', 'Une ecole NAIVE, encore une école.', 'Nothing here.'][textIndex]?.slice(
      start,
      end,
    ),
  ]);

describe('find in the transcript', () => {
  it('finds every occurrence ignoring case and accents, in reading order', () => {
    expect(found('ecole')).toEqual([
      [0, 'École'],
      [1, 'ecole'],
      [1, 'école'],
    ]);
    expect(found('NAÏVE')).toEqual([
      [0, 'naïve'],
      [1, 'NAIVE'],
    ]);
    expect(found('zurich')).toEqual([[0, 'Zürich']]);
  });

  it('maps matches back to the original text when accents are written decomposed', () => {
    const decomposed = 'Cafe\u0301 ouvert'; // "Café" as e + combining acute: five code units.
    const [match] = findMatches([foldForFind(decomposed)], 'café');
    expect(match).toEqual({ textIndex: 0, start: 0, end: 5 });
  });

  it('finds nothing for an empty query and does not overlap matches', () => {
    expect(findMatches(texts, '   ')).toEqual([]);
    expect(findMatches([foldForFind('aaaa')], 'aa').map((match) => match.start)).toEqual([0, 2]);
  });

  it('steps to the next and previous match, round at either end', () => {
    expect(steppedMatch(0, 1, 3)).toBe(1);
    expect(steppedMatch(2, 1, 3)).toBe(0);
    expect(steppedMatch(0, -1, 3)).toBe(2);
    expect(steppedMatch(0, 1, 0)).toBe(0);
  });
});
