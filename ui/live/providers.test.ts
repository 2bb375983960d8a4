import { describe, expect, it } from 'vitest';
import { providerToUse, type ProviderView } from './providers.ts';

function provider(id: string, facts: Partial<ProviderView> = {}): ProviderView {
  return {
    metadata: { id } as ProviderView['metadata'],
    fields: [],
    values: {},
    secretsSet: [],
    problems: [],
    configured: false,
    ready: false,
    isDefault: false,
    runsOnUserServer: false,
    ...facts,
  };
}

describe('the provider a page starts on', () => {
  // A fresh data directory: nothing is saved for FunASR, whose server address only has a default.
  const funasr = provider('funasr', { runsOnUserServer: true });
  const whisper = provider('whisper-cpp', {
    isDefault: true,
    problems: ['P14 whisper.cpp is not set up: …'],
  });

  it('is the default, P14, on a fresh install, not a provider whose settings all have defaults', () => {
    expect(providerToUse([funasr, whisper], undefined)).toBe(whisper);
  });

  it('is one the user set up and that is ready, else the one chosen before', () => {
    const groq = provider('groq', { configured: true, ready: true, secretsSet: ['apiKey'] });
    expect(providerToUse([funasr, groq, whisper], undefined)).toBe(groq);
    expect(providerToUse([funasr, groq, whisper], 'funasr')).toBe(funasr);
  });
});
