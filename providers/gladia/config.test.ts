import { expect, it } from 'vitest';

import { gladiaConfigSchema } from './config.ts';

function problems(input: unknown): string[] {
  const parsed = gladiaConfigSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

it('needs only an apiKey and uses solaria-1 for files by default', () => {
  expect(gladiaConfigSchema.parse({ apiKey: 'key' })).toEqual({
    apiKey: 'key',
    fileModel: 'solaria-1',
    languageHints: [],
    enableSpeakerDiarization: false,
  });
  expect(problems({})).toEqual(['apiKey: apiKey is required']);
});

it('accepts the pre-recorded-only model for its five languages and an endpoint override', () => {
  expect(
    gladiaConfigSchema.parse({
      apiKey: 'key',
      fileModel: 'solaria-3',
      languageHints: ['en', 'fr', 'de', 'es', 'it'],
      endpoint: 'http://127.0.0.1:9000',
    }),
  ).toMatchObject({ fileModel: 'solaria-3', endpoint: 'http://127.0.0.1:9000' });
});

it('says what to fix', () => {
  expect(problems({ apiKey: 'key', fileModel: 'solaria-2' })).toEqual([
    'fileModel: fileModel must be one of solaria-1, solaria-3',
  ]);
  expect(problems({ apiKey: 'key', fileModel: 'solaria-3', languageHints: ['en', 'ja'] })).toEqual([
    'languageHints: fileModel solaria-3 understands only en, fr, de, es, it: remove the other language hints or choose solaria-1',
  ]);
  expect(problems({ apiKey: 'key', languageHints: ['ja'] })).toEqual([]);
});

it('rejects fields it does not know, such as a live model', () => {
  expect(problems({ apiKey: 'key', model: 'solaria-1' })).toHaveLength(1);
  expect(problems({ apiKey: 'key', model: 'solaria-1' })[0]).toContain('model');
});
