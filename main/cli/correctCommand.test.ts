import { describe, expect, it } from 'vitest';
import { correctRequest } from './correctCommand.ts';
import { UsageError } from './usage.ts';

describe('correctRequest: the command line of earshot correct', () => {
  it('proposes a correction with the default provider, or keeps or discards one', () => {
    expect(correctRequest('s-1', {})).toEqual({ sessionId: 's-1' });
    expect(correctRequest('s-1', { ai: ' local ', keep: true })).toEqual({
      sessionId: 's-1',
      aiProvider: 'local',
      decision: 'keep',
    });
    expect(correctRequest('s-1', { discard: true })).toEqual({ sessionId: 's-1', decision: 'discard' });
  });

  it('refuses a missing session, both decisions at once, an empty --ai, and --ai with --discard', () => {
    expect(() => correctRequest(undefined, {})).toThrow(/^Name the session: earshot correct SESSION_ID/);
    expect(() => correctRequest('s-1', { keep: true, discard: true })).toThrow(
      new UsageError('Choose one: --keep keeps the proposed correction, --discard drops it.'),
    );
    expect(() => correctRequest('s-1', { ai: ' ' })).toThrow(UsageError);
    expect(() => correctRequest('s-1', { ai: 'local', discard: true })).toThrow(/leave out --ai/);
  });
});
