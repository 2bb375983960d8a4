import { expect, it } from 'vitest';
import { groqConfigSchema } from './config.ts';

function messages(input: unknown): string[] {
  const parsed = groqConfigSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

it('requires apiKey and says so', () => {
  expect(messages({})).toEqual(['apiKey: apiKey is required']);
  expect(messages({ apiKey: '   ' })).toEqual(['apiKey: apiKey is required']);
});

it('defaults to whisper-large-v3-turbo, accepts whisper-large-v3 and refuses other models by name', () => {
  expect(groqConfigSchema.parse({ apiKey: 'gsk_1' })).toEqual({
    apiKey: 'gsk_1',
    model: 'whisper-large-v3-turbo',
    languageHints: [],
  });
  expect(groqConfigSchema.parse({ apiKey: 'gsk_1', model: 'whisper-large-v3' }).model).toBe(
    'whisper-large-v3',
  );
  expect(messages({ apiKey: 'gsk_1', model: 'distil-whisper-large-v3-en' })).toEqual([
    'model: model must be one of whisper-large-v3-turbo, whisper-large-v3',
  ]);
});

it('takes an endpoint override, and rejects a malformed one and unknown fields', () => {
  expect(
    groqConfigSchema.parse({ apiKey: 'gsk_1', endpoint: 'https://gateway.example/groq/v1' }).endpoint,
  ).toBe('https://gateway.example/groq/v1');
  expect(messages({ apiKey: 'gsk_1', endpoint: 'not a url' })).toEqual([
    'endpoint: endpoint must be an http(s) or ws(s) URL',
  ]);
  expect(messages({ apiKey: 'gsk_1', baseUrl: 'https://api.groq.com' })[0]).toMatch(/baseUrl/);
});

it('normalises language hints to ISO 639-1 codes', () => {
  expect(groqConfigSchema.parse({ apiKey: 'gsk_1', languageHints: [' EN '] }).languageHints).toEqual(['en']);
  expect(messages({ apiKey: 'gsk_1', languageHints: ['eng'] })).toEqual([
    'languageHints.0: each language hint is a two-letter ISO 639-1 code, such as en or zh',
  ]);
});
