import { describe, expect, it } from 'vitest';
import { collapseRepeatedSegments, collapseTextLoops } from './hallucinationLoops.ts';

describe('collapseTextLoops', () => {
  it.each([
    ['the the the the the the the the the', 'the'],
    ['And then the the the the the the the the', 'And then the'],
    [
      'I think that we should go. I think that we should go. I think that we should go. I think that we should go.',
      'I think that we should go.',
    ],
    ['So we said and then we and then we and then we and then we', 'So we said and then we'],
    ['No, no, no, no, no, no, no, no', 'No,'],
    ['谢谢谢谢谢谢谢谢谢谢', '谢'],
    ['我们好的好的好的好的好的', '我们好的'],
    ['ご視聴ご視聴ご視聴ご視聴ありがとう', 'ご視聴ありがとう'],
  ])('cuts the loop in %j', (looped, collapsed) => {
    expect(collapseTextLoops(looped)).toBe(collapsed);
  });

  it.each([
    'yes yes',
    'No, no, no, that is not what I meant.',
    'very very very good',
    'no no no no no',
    'Thank you, thank you, thank you.',
    'ha ha ha ha',
    '哈哈哈哈',
    '谢谢你们，谢谢。',
    'We had had enough, and that that was that.',
    'one two three one two three',
    '. . . . . . . .',
    '  leading and trailing spaces  ',
  ])('leaves %j unchanged', (text) => {
    expect(collapseTextLoops(text)).toBe(text);
  });
});

describe('collapseRepeatedSegments', () => {
  const segment = (text: string) => ({ text });

  it('keeps the first of a sentence repeated three times or more', () => {
    const looped = ['Hello there.', 'See you.', 'See you.', 'see you', 'See you.', 'Next.'].map(segment);
    expect(collapseRepeatedSegments(looped).map((kept) => kept.text)).toEqual([
      'Hello there.',
      'See you.',
      'Next.',
    ]);
  });

  it('keeps a sentence said twice', () => {
    const twice = ['Okay.', 'Okay.', 'Go on.'].map(segment);
    expect(collapseRepeatedSegments(twice)).toEqual(twice);
  });
});
