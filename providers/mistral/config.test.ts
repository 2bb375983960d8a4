import { expect, it } from 'vitest';

import { mistralConfigSchema } from './config.ts';

function problems(input: unknown): string[] {
  const parsed = mistralConfigSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

it('needs only an apiKey and defaults to the real-time Voxtral model', () => {
  expect(mistralConfigSchema.parse({ apiKey: 'key' })).toEqual({
    apiKey: 'key',
    model: 'voxtral-mini-transcribe-realtime-2602',
    languageHints: [],
    enableSpeakerDiarization: false,
  });
  expect(problems({})).toEqual(['apiKey: apiKey is required']);
});

it('accepts a newer real-time model, hints and an endpoint override', () => {
  expect(
    mistralConfigSchema.parse({
      apiKey: 'key',
      model: 'voxtral-mini-transcribe-realtime-3',
      languageHints: ['nl'],
      endpoint: 'https://gateway.example.com/mistral',
    }),
  ).toMatchObject({
    model: 'voxtral-mini-transcribe-realtime-3',
    endpoint: 'https://gateway.example.com/mistral',
  });
});

it('says what to fix, and rejects fields it does not know', () => {
  expect(problems({ apiKey: 'key', model: 'voxtral-mini-latest' })).toEqual([
    'model: model must be a Voxtral real-time model such as voxtral-mini-transcribe-realtime-2602',
  ]);
  expect(problems({ apiKey: 'key', diarize: true })).toHaveLength(1);
  expect(problems({ apiKey: 'key', diarize: true })[0]).toContain('diarize');
});
