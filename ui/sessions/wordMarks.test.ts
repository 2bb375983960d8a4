import { describe, expect, it } from 'vitest';
import { wordMarks } from './wordMarks.ts';

const marked = (text: string, typed: string) =>
  wordMarks(text, typed).map((mark) => text.slice(mark.start, mark.end));

describe('the words of a word search, marked in a title', () => {
  it('marks every typed word in any order, ignoring case', () => {
    expect(marked('Refactor the Database', 'database refactor')).toEqual(['Refactor', 'Database']);
  });

  it('ignores accents both ways', () => {
    expect(marked('Visite à l’École naïve', 'ecole NAIVE')).toEqual(['École', 'naïve']);
    expect(marked('Ecole', 'école')).toEqual(['Ecole']);
  });

  it('marks the whole word a typed word begins, and not a word it is inside', () => {
    expect(marked('Refactoring the metadata database', 'refactor data')).toEqual(['Refactoring', 'database']);
  });

  it('finds Chinese and Japanese words anywhere in a run of characters', () => {
    expect(marked('今天讨论预算和人员', '预算')).toEqual(['预算']);
  });

  it('marks nothing for no words', () => {
    expect(wordMarks('Budget', '  ')).toEqual([]);
    expect(wordMarks('Budget', '—')).toEqual([]);
  });
});
