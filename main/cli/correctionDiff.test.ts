import { describe, expect, it } from 'vitest';
import { correctionDiffLines, markedChange } from './correctionDiff.ts';

describe('markedChange: the words a correction changed', () => {
  it('marks removed words in the original and added ones in the correction, the rest as it was', () => {
    expect(markedChange('the budget is ten thousand', 'The budget is 10,000.')).toEqual({
      original: '[-the-] budget is [-ten thousand-]',
      revised: '{+The+} budget is {+10,000.+}',
    });
  });

  it('marks a word added in the middle, and punctuation stuck to a word with it', () => {
    expect(markedChange('we ship friday', 'we will ship Friday.')).toEqual({
      original: 'we ship [-friday-]',
      revised: 'we {+will+} ship {+Friday.+}',
    });
  });

  it('marks single characters of Chinese, which has no spaces', () => {
    expect(markedChange('我们周五法布', '我们周五发布。')).toEqual({
      original: '我们周五[-法-]布',
      revised: '我们周五{+发+}布{+。+}',
    });
  });
});

describe('correctionDiffLines', () => {
  it('gives one timed line per changed segment and leaves the others out', () => {
    expect(
      correctionDiffLines([
        { startMs: 5_000, original: 'hello every one', revised: 'Hello everyone.' },
        { startMs: 65_000, original: 'Nothing to fix.', revised: 'Nothing to fix.' },
        { startMs: 3_725_000, original: 'bye', revised: 'Bye.' },
      ]),
    ).toEqual(['[0:05] [-hello every one-] → {+Hello everyone.+}', '[1:02:05] [-bye-] → {+Bye.+}']);
  });
});
