import { describe, expect, it } from 'vitest';
import { describeValue, formatIssuePath } from './issueText.ts';

describe('formatIssuePath', () => {
  it('writes indexes in brackets and keys with dots', () => {
    expect(formatIssuePath(['sessions', 3, 'segments', 0, 'startMs'])).toBe(
      'sessions[3].segments[0].startMs',
    );
  });

  it('names the document itself', () => {
    expect(formatIssuePath([])).toBe('(document)');
  });

  it('quotes keys that are not identifiers', () => {
    expect(formatIssuePath(['topics', 'a-b', 'c d'])).toBe('topics["a-b"]["c d"]');
  });
});

describe('describeValue', () => {
  it('quotes strings and shortens long ones', () => {
    expect(describeValue('短')).toBe('"短"');
    expect(describeValue('x'.repeat(100))).toBe(`"${'x'.repeat(38)}…"`);
  });

  it('names structures instead of printing them', () => {
    expect([
      describeValue([1]),
      describeValue({ a: 1 }),
      describeValue(null),
      describeValue(undefined),
    ]).toEqual(['an array', 'an object', 'null', 'nothing']);
    expect([describeValue(-1.5), describeValue(false)]).toEqual(['-1.5', 'false']);
  });
});
