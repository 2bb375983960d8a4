import { describe, expect, it } from 'vitest';
import { distinctTexts } from './distinctTexts.ts';
import { rankKeywords } from './keywordRanking.ts';

describe('distinctTexts', () => {
  it('keeps each text once, as first written, whatever its case, punctuation and spacing', () => {
    expect(
      distinctTexts([
        'Ana sends the budget by Friday.',
        'ana sends the budget  by friday',
        '  ',
        'Bob books the room.',
      ]),
    ).toEqual(['Ana sends the budget by Friday.', 'Bob books the room.']);
  });
});

describe('rankKeywords', () => {
  it('ranks keywords by how many parts name them, then by first mention, and caps them', () => {
    const ranked = rankKeywords(
      [
        ['Budget', 'Hiring', 'Q3'],
        ['budget', 'Roadmap'],
        ['Roadmap', 'Budget', 'Budget'],
      ],
      3,
    );
    expect(ranked).toEqual(['Budget', 'Roadmap', 'Hiring']);
  });
});
