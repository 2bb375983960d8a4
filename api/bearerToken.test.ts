import { describe, expect, it } from 'vitest';

import { extractBearerToken } from './bearerToken.ts';

describe('extractBearerToken', () => {
  it('returns the one token after a case-insensitive Bearer scheme', () => {
    expect(extractBearerToken('Bearer abc.DEF-123_~+/==')).toBe('abc.DEF-123_~+/==');
    expect(extractBearerToken('bearer   spaced')).toBe('spaced');
    expect(extractBearerToken('  BEARER trimmed  ')).toBe('trimmed');
  });

  it('returns nothing for anything that is not exactly one token68', () => {
    for (const value of [
      undefined,
      '',
      'Bearer',
      'Bearer a b',
      'Basic abc',
      'Bearer\tabc',
      'Bearer a,b',
      'Bearer a=b',
    ]) {
      expect(extractBearerToken(value), String(value)).toBeUndefined();
    }
  });
});
