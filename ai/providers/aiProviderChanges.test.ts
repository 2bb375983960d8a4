import { describe, expect, it } from 'vitest';
import type { StoredAiSettings } from '../../store/aiProviderSettings.ts';
import { removeAiProvider, setAiProviderFields } from './aiProviderChanges.ts';
import { chooseTopicAiProvider } from './aiProviderChoice.ts';
import { AiSettingsError } from './aiSettingsError.ts';

function refusal(change: () => unknown): AiSettingsError {
  try {
    change();
  } catch (error) {
    if (error instanceof AiSettingsError) return error;
    throw error;
  }
  throw new Error('the change was not refused');
}

describe('setting an AI provider’s fields', () => {
  it('adds a provider of the kind asked, reads text as each field wants it, and makes the first one the default', () => {
    const settings = setAiProviderFields(
      {},
      {
        name: 'local',
        kind: 'openai-compatible',
        values: [
          ['preset', 'vllm'],
          ['model', 'Qwen/Qwen2.5-7B-Instruct'],
          ['contextWindow', '32768'],
          ['structuredOutputs', 'false'],
        ],
      },
    );
    expect(settings).toEqual({
      providers: {
        local: {
          kind: 'openai-compatible',
          preset: 'vllm',
          model: 'Qwen/Qwen2.5-7B-Instruct',
          contextWindow: 32768,
          structuredOutputs: false,
        },
      },
      defaultAiProvider: 'local',
    });
  });

  it('changes only the fields given, removes one given as empty text, and keeps the default unless asked', () => {
    const first = setAiProviderFields(
      {},
      {
        name: 'local',
        kind: 'ollama',
        values: [
          ['model', 'llama3.2'],
          ['contextWindow', 16384],
        ],
      },
    );
    const second = setAiProviderFields(first, {
      name: 'cloud',
      kind: 'openai',
      values: [
        ['model', 'gpt-4o-mini'],
        ['apiKey', 'sk-test-0123456789'],
      ],
    });
    expect(second.defaultAiProvider).toBe('local');
    const changed = setAiProviderFields(second, {
      name: 'local',
      values: [['contextWindow', '']],
      makeDefault: false,
    });
    expect(changed.providers?.local).toEqual({ kind: 'ollama', model: 'llama3.2' });
    expect(
      setAiProviderFields(changed, { name: 'cloud', values: [], makeDefault: true }).defaultAiProvider,
    ).toBe('cloud');
  });

  it('saves nothing when any value is wrong, and says why field by field', () => {
    const error = refusal(() =>
      setAiProviderFields(
        {},
        {
          name: 'cloud',
          kind: 'openai',
          values: [
            ['model', 'gpt-4o-mini'],
            ['contextWindow', '12.5'],
            ['temperature', '0.2'],
            ['baseUrl', 'ftp://example.com'],
          ],
        },
      ),
    );
    expect(error.reason).toBe('invalid_fields');
    expect(error.fields).toEqual({
      contextWindow: 'contextWindow is a whole number of tokens, such as 128000',
      temperature:
        'not a setting of OpenAI providers; their settings are kind, baseUrl, model, apiKey, contextWindow',
      baseUrl: 'baseUrl must be an http(s) URL such as https://api.openai.com/v1',
    });
  });

  it('needs the kind to add a provider, and refuses another kind under a taken name', () => {
    expect(refusal(() => setAiProviderFields({}, { name: 'x', values: [['model', 'm']] })).reason).toBe(
      'invalid_fields',
    );
    const settings = setAiProviderFields(
      {},
      { name: 'work', kind: 'ollama', values: [['model', 'llama3.2']] },
    );
    const error = refusal(() => setAiProviderFields(settings, { name: 'work', kind: 'openai', values: [] }));
    expect(error.reason).toBe('invalid_name');
    expect(error.message).toContain('is of kind ollama');
    expect(
      refusal(() => setAiProviderFields(settings, { name: 'work', values: [['kind', 'openai']] })).reason,
    ).toBe('invalid_fields');
    expect(refusal(() => setAiProviderFields({}, { name: '../x', kind: 'ollama', values: [] })).reason).toBe(
      'invalid_name',
    );
  });
});

describe('where a stored key goes', () => {
  const withKey = setAiProviderFields(
    {},
    {
      name: 'gateway',
      kind: 'openai',
      values: [
        ['model', 'gpt-4o-mini'],
        ['apiKey', 'sk-test-0123456789'],
      ],
    },
  );

  it('needs no confirmation for the vendor’s own address or a preset’s', () => {
    expect(withKey.providers?.gateway?.apiKey).toBe('sk-test-0123456789');
    const groq = setAiProviderFields(
      {},
      {
        name: 'groq',
        kind: 'openai-compatible',
        values: [
          ['preset', 'groq'],
          ['model', 'm'],
          ['apiKey', 'gsk_0123456789'],
        ],
      },
    );
    expect(groq.providers?.groq?.preset).toBe('groq');
  });

  it('must be confirmed when a key would go to a new host, whichever of key and address comes first', () => {
    const moved = refusal(() =>
      setAiProviderFields(withKey, { name: 'gateway', values: [['baseUrl', 'https://llm.example.com/v1']] }),
    );
    expect(moved).toMatchObject({
      reason: 'unconfirmed_destination',
      destination: 'https://llm.example.com',
    });
    const addressFirst = setAiProviderFields(
      {},
      {
        name: 'gateway',
        kind: 'openai',
        values: [
          ['baseUrl', 'https://llm.example.com/v1'],
          ['model', 'm'],
        ],
      },
    );
    expect(
      refusal(() =>
        setAiProviderFields(addressFirst, { name: 'gateway', values: [['apiKey', 'sk-test-0123456789']] }),
      ).destination,
    ).toBe('https://llm.example.com');
    const confirmed = setAiProviderFields(withKey, {
      name: 'gateway',
      values: [['baseUrl', 'https://llm.example.com/v1']],
      confirms: (destination) => destination === 'https://llm.example.com',
    });
    expect(confirmed.providers?.gateway?.baseUrl).toBe('https://llm.example.com/v1');
    // Once confirmed, the key goes there without asking again.
    expect(
      setAiProviderFields(confirmed, { name: 'gateway', values: [['apiKey', 'sk-other-0123456789']] })
        .providers?.gateway?.apiKey,
    ).toBe('sk-other-0123456789');
  });
});

describe('removing an AI provider', () => {
  it('removes it, the default if it was that, and every topic’s choice of it', () => {
    let settings: StoredAiSettings = setAiProviderFields(
      {},
      { name: 'a', kind: 'ollama', values: [['model', 'm']] },
    );
    settings = setAiProviderFields(settings, { name: 'b', kind: 'ollama', values: [['model', 'm']] });
    settings = chooseTopicAiProvider(settings, 'topic-1', 'a');
    settings = chooseTopicAiProvider(settings, 'topic-2', 'b');
    expect(removeAiProvider(settings, 'a')).toEqual({
      providers: { b: { kind: 'ollama', model: 'm' } },
      defaultAiProvider: undefined,
      topicAiProviders: { 'topic-2': 'b' },
    });
    expect(refusal(() => removeAiProvider(settings, 'c')).message).toBe(
      'There is no AI provider "c". The AI providers are: a, b.',
    );
  });
});
