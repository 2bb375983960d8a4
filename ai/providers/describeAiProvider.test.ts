import { describe, expect, it } from 'vitest';
import { describeAiProvider, describeAiSettings } from './describeAiProvider.ts';

const key = 'sk-proj-never-shown-0123456789';

describe('describing AI providers', () => {
  it('shows everything but the key, which is only "set"', () => {
    const description = describeAiProvider({ kind: 'openai', model: 'gpt-4o-mini', apiKey: key });
    expect(description).toEqual({
      kind: 'openai',
      kindName: 'OpenAI',
      values: { kind: 'openai', model: 'gpt-4o-mini' },
      apiKey: 'set',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      contextWindow: { tokens: 128_000, source: 'known' },
      problems: [],
      ready: true,
    });
  });

  it('lists what is missing for an incomplete one, and never a key in the whole settings view', () => {
    const view = describeAiSettings({
      providers: {
        groq: { kind: 'openai-compatible', preset: 'groq', model: 'llama-3.1-8b-instant' },
        cloud: { kind: 'openai', model: 'gpt-4o-mini', apiKey: key },
      },
      defaultAiProvider: 'cloud',
      topicAiProviders: { lectures: 'groq' },
    });
    expect(
      view.providers.map(({ name, isDefault, topics, ready }) => ({ name, isDefault, topics, ready })),
    ).toEqual([
      { name: 'cloud', isDefault: true, topics: [], ready: true },
      { name: 'groq', isDefault: false, topics: ['lectures'], ready: false },
    ]);
    expect(view.providers[1]?.problems).toEqual(['apiKey is required: your Groq API key']);
    expect(view.providers[1]).not.toHaveProperty('apiKey');
    expect(JSON.stringify(view)).not.toContain(key);
  });
});
