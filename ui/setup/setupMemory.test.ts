import { describe, expect, it } from 'vitest';
import type { ProviderView } from '../settings/settingsTypes.ts';
import { firstRunDecision } from './setupMemory.ts';

function provider(ready: boolean): ProviderView {
  return { ready } as ProviderView;
}

describe('firstRunDecision', () => {
  it('opens the setup when no provider is ready', () => {
    expect(firstRunDecision([provider(false), provider(false)], { settled: false })).toBe('setup');
    expect(firstRunDecision([], { settled: false })).toBe('setup');
  });

  it('settles for good once a provider is ready', () => {
    expect(firstRunDecision([provider(false), provider(true)], { settled: false })).toBe('settle');
  });

  it('never opens it again once settled (finished, left, or a provider worked before)', () => {
    expect(
      firstRunDecision([provider(false)], { settled: true, providerId: 'deepgram', step: 'settings' }),
    ).toBe('stay');
  });
});
