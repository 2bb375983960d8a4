import { describe, expect, it } from 'vitest';
import { codePointLength, joinSegmentTexts, segmentSeparator } from './transcriptText.ts';

describe('joinSegmentTexts', () => {
  it('joins space-delimited languages with one space', () => {
    expect(joinSegmentTexts(['Hello there.', 'How are you?'])).toBe('Hello there. How are you?');
  });

  it('joins Chinese and Japanese with nothing', () => {
    expect(joinSegmentTexts(['你好，', '世界。'])).toBe('你好，世界。');
    expect(joinSegmentTexts(['こんにちは', 'カタカナ'])).toBe('こんにちはカタカナ');
  });

  it('keeps a space between Korean words and between scripts', () => {
    expect(joinSegmentTexts(['안녕하세요', '반갑습니다'])).toBe('안녕하세요 반갑습니다');
    expect(joinSegmentTexts(['hello', '世界'])).toBe('hello 世界');
    expect(joinSegmentTexts(['世界', 'hello'])).toBe('世界 hello');
  });

  it('skips empty segments without doubling separators', () => {
    expect(joinSegmentTexts(['a', '', 'b'])).toBe('a b');
    expect(joinSegmentTexts([])).toBe('');
  });

  it('reads a trailing astral CJK character whole', () => {
    expect(segmentSeparator('𠀀', '中')).toBe('');
  });
});

describe('codePointLength', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('你好')).toBe(2);
    expect(codePointLength('😀x')).toBe(2);
    expect(codePointLength('')).toBe(0);
  });
});
