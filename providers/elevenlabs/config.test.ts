import { expect, it } from 'vitest';

import { elevenLabsConfigSchema } from './config.ts';

function problems(input: unknown): string[] {
  const parsed = elevenLabsConfigSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

it('needs only an apiKey (a config saved before diarization still reads) and defaults to the standard real-time model, speakers off', () => {
  expect(elevenLabsConfigSchema.parse({ apiKey: 'key' })).toEqual({
    apiKey: 'key',
    model: 'scribe_v2_realtime',
    languageHints: [],
    enableSpeakerDiarization: false,
  });
  expect(
    elevenLabsConfigSchema.parse({ apiKey: 'key', enableSpeakerDiarization: true }).enableSpeakerDiarization,
  ).toBe(true);
  expect(problems({ model: 'scribe_v2_realtime' })).toEqual(['apiKey: apiKey is required']);
});

it('accepts another real-time model, hints and an endpoint override', () => {
  expect(
    elevenLabsConfigSchema.parse({
      apiKey: 'key',
      model: 'scribe_v3_realtime',
      languageHints: ['en'],
      endpoint: 'https://gateway.example.com/elevenlabs',
    }),
  ).toMatchObject({ model: 'scribe_v3_realtime', endpoint: 'https://gateway.example.com/elevenlabs' });
});

it('says what to fix, and rejects fields it does not know', () => {
  expect(problems({ apiKey: 'key', model: 'scribe_v2' })).toEqual([
    'model: model must be an ElevenLabs real-time Scribe model such as scribe_v2_realtime',
  ]);
  expect(problems({ apiKey: 'key', diarize: true })).toHaveLength(1);
  expect(problems({ apiKey: 'key', diarize: true })[0]).toContain('diarize');
});
