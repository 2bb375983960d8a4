import { expect, it } from 'vitest';
import { assemblyAiConfigSchema } from './config.ts';

function messages(input: unknown): string[] {
  const parsed = assemblyAiConfigSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

it('requires apiKey and says so', () => {
  expect(messages({})).toEqual(['apiKey is required']);
});

it('defaults the model to u3-rt-pro and accepts the other streaming models', () => {
  expect(assemblyAiConfigSchema.parse({ apiKey: 'k' })).toEqual({
    apiKey: 'k',
    model: 'u3-rt-pro',
    enableSpeakerDiarization: false,
  });
  expect(assemblyAiConfigSchema.parse({ apiKey: 'k', model: 'whisper-rt' }).model).toBe('whisper-rt');
  expect(messages({ apiKey: 'k', model: 'best' })[0]).toMatch(/^model must be one of u3-rt-pro, /);
});

it('has no languageHints field (the spec gives P07 none) and rejects unknown fields', () => {
  expect(messages({ apiKey: 'k', languageHints: ['en'] })).toEqual(['Unrecognized key: "languageHints"']);
});

it('takes the REST and the streaming address apart, such as the EU region’s two hosts', () => {
  const eu = assemblyAiConfigSchema.parse({
    apiKey: 'k',
    endpoint: 'https://api.eu.assemblyai.com/v2',
    streamingEndpoint: 'wss://streaming.eu.assemblyai.com',
  });
  expect([eu.endpoint, eu.streamingEndpoint]).toEqual([
    'https://api.eu.assemblyai.com/v2',
    'wss://streaming.eu.assemblyai.com',
  ]);
  expect(messages({ apiKey: 'k', endpoint: 'ftp://x' })).toEqual([
    'endpoint must be an http(s) or ws(s) URL',
  ]);
  expect(messages({ apiKey: 'k', streamingEndpoint: 'streaming.eu.assemblyai.com' })).toEqual([
    'streamingEndpoint must be an http(s) or ws(s) URL',
  ]);
});
