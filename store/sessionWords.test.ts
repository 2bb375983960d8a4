import { describe, expect, it } from 'vitest';
import { foldedWord, indexedWords, typedWords, wordsMatchExpression } from './sessionWords.ts';

describe('typedWords', () => {
  it('folds case and accents, and keeps each word once in the order typed', () => {
    expect(typedWords('  École  NAÏVE école ').map((word) => word.text)).toEqual(['ecole', 'naive']);
  });

  it('splits on punctuation as the index does, and keeps digits', () => {
    expect(typedWords("Q3 budget-review, don't").map((word) => word.text)).toEqual([
      'q3',
      'budget',
      'review',
      'don',
      't',
    ]);
  });

  it('keeps a run of Chinese or Japanese characters together, apart from the letters around it', () => {
    expect(typedWords('Q3预算 会议')).toEqual([
      { text: 'q3', isCjk: false },
      { text: '预算', isCjk: true },
      { text: '会议', isCjk: true },
    ]);
  });

  it('has no words for punctuation alone', () => {
    expect(typedWords('!!! -- ?')).toEqual([]);
  });
});

describe('wordsMatchExpression', () => {
  it('asks for every word, letters as the start of a word and CJK as a phrase of characters', () => {
    expect(wordsMatchExpression(typedWords('Refactor database 预算'))).toBe(
      '"refactor"* AND "database"* AND "预 算"',
    );
  });
});

describe('indexedWords', () => {
  it('gives every Chinese or Japanese character room to be a word, and leaves other text alone', () => {
    expect(indexedWords('We 讨论了预算.')).toBe('We  讨  论  了  预  算 .');
    expect(indexedWords('Café déjà vu')).toBe('Café déjà vu');
  });

  it('agrees with the typed side on folding', () => {
    expect(foldedWord('Ångström ÇA')).toBe('angstrom ca');
  });
});
