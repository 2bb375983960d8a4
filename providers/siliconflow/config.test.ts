import { expect, it } from 'vitest';
import { siliconFlowConfigSchema } from './config.ts';

function messages(input: unknown): string[] {
  const parsed = siliconFlowConfigSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

it('requires apiKey and says so', () => {
  expect(messages({ model: 'TeleAI/TeleSpeechASR' })).toEqual(['apiKey is required']);
});

it('defaults to SenseVoiceSmall and no language hints', () => {
  expect(siliconFlowConfigSchema.parse({ apiKey: 'k' })).toEqual({
    apiKey: 'k',
    model: 'FunAudioLLM/SenseVoiceSmall',
    languageHints: [],
  });
});

it('offers SenseVoice, TeleSpeech and the two Qwen Omni models', () => {
  for (const model of [
    'TeleAI/TeleSpeechASR',
    'Qwen/Qwen3-Omni-30B-A3B-Instruct',
    'Qwen/Qwen3-Omni-30B-A3B-Thinking',
  ]) {
    expect(siliconFlowConfigSchema.parse({ apiKey: 'k', model }).model).toBe(model);
  }
  expect(messages({ apiKey: 'k', model: 'whisper-1' })[0]).toMatch(
    /^model must be one of FunAudioLLM\/SenseVoiceSmall, TeleAI\/TeleSpeechASR, Qwen/,
  );
});

it('rejects unknown fields and takes an endpoint override such as the international host', () => {
  expect(messages({ apiKey: 'k', baseUrl: 'https://x' })).toEqual(['Unrecognized key: "baseUrl"']);
  expect(
    siliconFlowConfigSchema.parse({ apiKey: 'k', endpoint: 'https://api.siliconflow.com/v1' }).endpoint,
  ).toBe('https://api.siliconflow.com/v1');
});
