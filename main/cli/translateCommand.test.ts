import { describe, expect, it } from 'vitest';
import { translateRequest } from './translateCommand.ts';
import { UsageError } from './usage.ts';

describe('translateRequest: the command line of earshot translate', () => {
  it('takes the language as given and --ai as the provider', () => {
    expect(translateRequest('s-1', { to: ' German ' })).toEqual({ sessionId: 's-1', to: 'German' });
    expect(translateRequest('s-1', { to: 'de', ai: 'local' })).toEqual({
      sessionId: 's-1',
      to: 'de',
      aiProvider: 'local',
    });
  });

  it('refuses a missing session or language, and an empty --ai', () => {
    for (const [sessionId, to] of [
      [undefined, 'de'],
      ['s-1', undefined],
      ['s-1', '  '],
    ] as const) {
      expect(() => translateRequest(sessionId, { to })).toThrow(
        /^Name the session and the language: earshot translate SESSION_ID --to LANG/,
      );
    }
    expect(() => translateRequest('s-1', { to: 'de', ai: '' })).toThrow(UsageError);
  });
});
