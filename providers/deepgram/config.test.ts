import { expect, it } from 'vitest';
import { deepgramConfigSchema } from './config.ts';

function messages(input: unknown): string[] {
  const parsed = deepgramConfigSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

it('requires apiKey and says so', () => {
  expect(messages({})).toContain('apiKey is required');
  expect(messages({ apiKey: '   ' })).toContain('apiKey is required');
});

it('defaults to nova-3, no language hints, no diarization and the vendor endpoint', () => {
  expect(deepgramConfigSchema.parse({ apiKey: 'k' })).toEqual({
    apiKey: 'k',
    model: 'nova-3',
    languageHints: [],
    enableSpeakerDiarization: false,
  });
});

it('takes the diarization switch as a boolean only', () => {
  expect(
    deepgramConfigSchema.parse({ apiKey: 'k', enableSpeakerDiarization: true }).enableSpeakerDiarization,
  ).toBe(true);
  expect(messages({ apiKey: 'k', enableSpeakerDiarization: 'yes' })).toEqual([
    'enableSpeakerDiarization must be true or false',
  ]);
});

it('accepts nova-2 and names the choices for anything else', () => {
  expect(deepgramConfigSchema.parse({ apiKey: 'k', model: 'nova-2' }).model).toBe('nova-2');
  expect(messages({ apiKey: 'k', model: 'nova-1' })).toEqual(['model must be one of nova-3, nova-2']);
});

it('takes an endpoint override and rejects one that is not a URL', () => {
  expect(deepgramConfigSchema.parse({ apiKey: 'k', endpoint: 'http://127.0.0.1:9000' }).endpoint).toBe(
    'http://127.0.0.1:9000',
  );
  expect(messages({ apiKey: 'k', endpoint: 'api.deepgram.com' })).toEqual([
    'endpoint must be an http(s) or ws(s) URL',
  ]);
});

it('rejects unknown fields, such as another provider’s credential', () => {
  expect(messages({ apiKey: 'k', apiToken: 't' })).toEqual(['Unrecognized key: "apiToken"']);
});

it('normalises language hints to lower-case ISO 639-1 codes', () => {
  expect(deepgramConfigSchema.parse({ apiKey: 'k', languageHints: ['EN', 'es'] }).languageHints).toEqual([
    'en',
    'es',
  ]);
  expect(messages({ apiKey: 'k', languageHints: ['english'] })).toHaveLength(1);
});
