import { expect, it } from 'vitest';

import { volcengineConfigSchema } from './config.ts';

function problems(input: unknown): string[] {
  const parsed = volcengineConfigSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

it('needs the app key and the access key', () => {
  expect(volcengineConfigSchema.parse({ appKey: '123', accessKey: 'token' })).toEqual({
    appKey: '123',
    accessKey: 'token',
    languageHints: [],
    enableSpeakerDiarization: false,
  });
  expect(problems({})).toEqual(['appKey: appKey is required', 'accessKey: accessKey is required']);
});

it('accepts the languages Volcengine recognizes and an endpoint override', () => {
  expect(
    volcengineConfigSchema.parse({
      appKey: '123',
      accessKey: 'token',
      languageHints: ['zh', 'EN', 'ja'],
      endpoint: 'https://gateway.example.com/volc',
    }),
  ).toMatchObject({ languageHints: ['zh', 'en', 'ja'], endpoint: 'https://gateway.example.com/volc' });
});

it('says which languages it recognizes, and rejects fields it does not know', () => {
  expect(problems({ appKey: '123', accessKey: 'token', languageHints: ['ru'] })).toEqual([
    'languageHints: Volcengine recognizes only these languages: ar, de, en, es, fr, id, ja, ko, ms, pt, th, tl, zh',
  ]);
  expect(problems({ appKey: '123', accessKey: 'token', resourceId: 'x' })).toHaveLength(1);
  expect(problems({ appKey: '123', accessKey: 'token', resourceId: 'x' })[0]).toContain('resourceId');
});
