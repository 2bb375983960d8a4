import { describe, expect, it } from 'vitest';
import { liveStatusLine } from './liveStatusLine.ts';

const streaming = { state: 'streaming' as const, error: null, tentative: 'and then we', pace: undefined };

describe('liveStatusLine', () => {
  it('names the reconnect under way and the reason the vendor gave', () => {
    expect(
      liveStatusLine({ ...streaming, state: 'reconnecting', error: 'connection reset', reconnectAttempt: 3 }),
    ).toBe('[reconnecting (attempt 3): connection reset]');
    expect(liveStatusLine({ ...streaming, state: 'reconnecting', error: 'timed out' })).toBe(
      '[reconnecting: timed out]',
    );
  });

  it('counts the audio left after Stop, and shows the tentative text otherwise', () => {
    const pace = { speed: 0.7, untranscribedMs: 12_300, passAudioMs: null };
    expect(liveStatusLine({ ...streaming, state: 'stopping', pace })).toBe('[finishing: 13 s of audio left]');
    expect(liveStatusLine({ ...streaming, state: 'stopping', pace: { ...pace, untranscribedMs: 400 } })).toBe(
      'and then we',
    );
    expect(liveStatusLine({ ...streaming, pace })).toBe('and then we');
  });
});
