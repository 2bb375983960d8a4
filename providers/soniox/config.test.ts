import { expect, it } from 'vitest';

import { sonioxConfigSchema } from './config.ts';

function problems(input: unknown): string[] {
  const parsed = sonioxConfigSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

it('needs only an apiKey and fills in the documented defaults', () => {
  expect(sonioxConfigSchema.parse({ apiKey: ' key ' })).toEqual({
    apiKey: 'key',
    model: 'stt-rt-v5',
    languageHints: [],
    translationEnabled: false,
    enableSpeakerDiarization: false,
  });
  expect(problems({})).toEqual(['apiKey: apiKey is required']);
  expect(problems({ apiKey: '  ' })).toEqual(['apiKey: apiKey is required']);
});

it('accepts the optional fields and an endpoint override', () => {
  expect(
    sonioxConfigSchema.parse({
      apiKey: 'key',
      model: 'stt-rt-v4',
      languageHints: ['ZH', 'en'],
      translationEnabled: true,
      translationTargetLanguage: 'FR',
      enableSpeakerDiarization: true,
      endpoint: 'https://api.eu.soniox.com/v1',
    }),
  ).toMatchObject({
    model: 'stt-rt-v4',
    languageHints: ['zh', 'en'],
    translationTargetLanguage: 'fr',
    endpoint: 'https://api.eu.soniox.com/v1',
  });
});

it('says what to fix', () => {
  expect(problems({ apiKey: 'key', model: 'stt-async-v5' })).toEqual([
    'model: model must be a Soniox real-time model such as stt-rt-v5',
  ]);
  expect(problems({ apiKey: 'key', translationEnabled: true })).toEqual([
    'translationTargetLanguage: translationTargetLanguage is required when translationEnabled is true',
  ]);
  expect(problems({ apiKey: 'key', languageHints: ['english'] })).toEqual([
    'languageHints.0: each language hint is a two-letter ISO 639-1 code, such as en or zh',
  ]);
  expect(problems({ apiKey: 'key', endpoint: 'ftp://example.com' })).toEqual([
    'endpoint: endpoint must be an http(s) or ws(s) URL',
  ]);
  expect(problems({ apiKey: 'key', enableSpeakerDiarization: 'yes' })).toEqual([
    'enableSpeakerDiarization: enableSpeakerDiarization must be true or false',
  ]);
});

it('rejects fields it does not know', () => {
  expect(problems({ apiKey: 'key', language: 'en' })).toHaveLength(1);
  expect(problems({ apiKey: 'key', language: 'en' })[0]).toContain('language');
});
