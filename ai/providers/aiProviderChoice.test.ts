import { describe, expect, it } from 'vitest';
import type { StoredAiSettings } from '../../store/aiProviderSettings.ts';
import { chooseDefaultAiProvider, chooseTopicAiProvider, chosenAiProvider } from './aiProviderChoice.ts';

const settings: StoredAiSettings = {
  providers: {
    local: { kind: 'ollama', model: 'llama3.2' },
    cloud: { kind: 'anthropic', model: 'claude-3-5-haiku-latest', apiKey: 'sk-ant-0123456789' },
    broken: { kind: 'openai', model: 'gpt-4o-mini' },
  },
  defaultAiProvider: 'local',
  topicAiProviders: { lectures: 'cloud' },
};

describe('which AI provider is used', () => {
  it('is the one named, else the topic’s, else the default', () => {
    expect(chosenAiProvider(settings, { name: 'cloud' })).toMatchObject({ ok: true, name: 'cloud' });
    expect(chosenAiProvider(settings, { topicId: 'lectures' })).toMatchObject({ ok: true, name: 'cloud' });
    expect(chosenAiProvider(settings, { topicId: 'other' })).toMatchObject({
      ok: true,
      name: 'local',
      config: { kind: 'ollama', baseUrl: 'http://127.0.0.1:11434', model: 'llama3.2' },
    });
  });

  it('says what to do when there is none, or it is not set up', () => {
    expect(chosenAiProvider({})).toEqual({
      ok: false,
      message: 'No AI provider is set up. Add one with: earshot ai set KIND model=… (see docs/ai.md).',
    });
    expect(chosenAiProvider({ providers: settings.providers })).toMatchObject({
      ok: false,
      message: expect.stringContaining('earshot ai use NAME') as unknown,
    });
    expect(chosenAiProvider(settings, { name: 'broken' })).toEqual({
      ok: false,
      message:
        'The AI provider "broken" is not set up yet: apiKey is required: your OpenAI API key (https://platform.openai.com/api-keys).',
    });
  });

  it('is changed only to a provider there is; a topic goes back to the default with none', () => {
    expect(chooseDefaultAiProvider(settings, 'cloud').defaultAiProvider).toBe('cloud');
    expect(() => chooseDefaultAiProvider(settings, 'nope')).toThrow('There is no AI provider "nope"');
    expect(() => chooseTopicAiProvider(settings, 'lectures', 'nope')).toThrow(
      'There is no AI provider "nope"',
    );
    expect(chooseTopicAiProvider(settings, 'lectures', undefined).topicAiProviders).toEqual({});
    expect(chooseTopicAiProvider(settings, 'meetings', 'local').topicAiProviders).toEqual({
      lectures: 'cloud',
      meetings: 'local',
    });
  });
});
