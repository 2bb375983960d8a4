import { expect, it } from 'vitest';
import { cloudflareConfigSchema } from './config.ts';

const accountId = '0123456789abcdef0123456789abcdef';

function messages(input: unknown): string[] {
  const parsed = cloudflareConfigSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

it('requires apiToken and accountId and names each', () => {
  expect(messages({})).toEqual(['apiToken is required', 'accountId is required']);
});

it('explains what an accountId looks like', () => {
  expect(messages({ apiToken: 't', accountId: 'my-account' })).toEqual([
    'accountId is the 32-character hexadecimal account ID shown in the Cloudflare dashboard',
  ]);
});

it('defaults to whisper-large-v3-turbo and no language hints', () => {
  expect(cloudflareConfigSchema.parse({ apiToken: 't', accountId })).toEqual({
    apiToken: 't',
    accountId,
    model: '@cf/openai/whisper-large-v3-turbo',
    languageHints: [],
  });
});

it('offers the base Whisper model and nothing else', () => {
  expect(cloudflareConfigSchema.parse({ apiToken: 't', accountId, model: '@cf/openai/whisper' }).model).toBe(
    '@cf/openai/whisper',
  );
  expect(messages({ apiToken: 't', accountId, model: 'whisper-large-v3-turbo' })).toEqual([
    'model must be one of @cf/openai/whisper-large-v3-turbo, @cf/openai/whisper',
  ]);
});

it('rejects unknown fields and takes an endpoint override such as an AI Gateway', () => {
  expect(messages({ apiToken: 't', accountId, apiKey: 'k' })).toEqual(['Unrecognized key: "apiKey"']);
  const endpoint = 'https://gateway.ai.cloudflare.com/v1/abc/gw/workers-ai';
  expect(cloudflareConfigSchema.parse({ apiToken: 't', accountId, endpoint }).endpoint).toBe(endpoint);
});
