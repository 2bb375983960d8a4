import { expect, it } from 'vitest';
import { sixtyDbConfigSchema } from './config.ts';

function messages(input: unknown): string[] {
  const parsed = sixtyDbConfigSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

it('requires apiKey and says so', () => {
  expect(messages({ languageHints: ['hi'] })).toEqual(['apiKey is required']);
});

it('defaults to no hints (auto-detect) and allows up to five', () => {
  expect(sixtyDbConfigSchema.parse({ apiKey: 'k' })).toEqual({
    apiKey: 'k',
    languageHints: [],
    enableSpeakerDiarization: false,
  });
  expect(
    sixtyDbConfigSchema.parse({ apiKey: 'k', languageHints: ['hi', 'en', 'ta', 'te', 'bn'] }).languageHints,
  ).toHaveLength(5);
  expect(messages({ apiKey: 'k', languageHints: ['hi', 'en', 'ta', 'te', 'bn', 'mr'] })).toEqual([
    'at most 5 language hints are allowed',
  ]);
});

it('has no model field, since 60db offers no choice, and rejects unknown fields', () => {
  expect(messages({ apiKey: 'k', model: '60db-stt-v01' })).toEqual(['Unrecognized key: "model"']);
});

it('takes an endpoint override', () => {
  expect(
    sixtyDbConfigSchema.parse({ apiKey: 'k', endpoint: 'https://proxy.example.com/60db' }).endpoint,
  ).toBe('https://proxy.example.com/60db');
  expect(messages({ apiKey: 'k', endpoint: 'not a url' })).toEqual([
    'endpoint must be an http(s) or ws(s) URL',
  ]);
});
