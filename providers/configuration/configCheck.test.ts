import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { baseUrlField, endpointField, modelField, secretField } from '../configFields.ts';
import type { ProviderDefinition } from '../contract.ts';
import { checkProviderConfig } from './configCheck.ts';

function definition(schema: z.ZodType<unknown>): ProviderDefinition<unknown> {
  return {
    metadata: { id: 'cloudflare', label: 'P09', name: 'Cloudflare Workers AI' },
    configSchema: schema,
    transcribeFile: () => Promise.reject(new Error('not called')),
  } as unknown as ProviderDefinition<unknown>;
}

const cloudflare = definition(
  z
    .object({
      apiToken: secretField('apiToken', 'API token', 'A test token.'),
      accountId: secretField('accountId', 'Account ID', 'A test account.'),
      model: modelField(['whisper', 'whisper-large-v3-turbo'], 'whisper'),
      endpoint: endpointField,
    })
    .strict(),
);

describe('checkProviderConfig', () => {
  it('returns the config with its defaults', () => {
    expect(checkProviderConfig(cloudflare, { apiToken: 'token', accountId: 'account' })).toEqual({
      ok: true,
      config: { apiToken: 'token', accountId: 'account', model: 'whisper' },
    });
  });

  it('names the provider, every missing field and the command that sets them', () => {
    expect(checkProviderConfig(cloudflare, {})).toEqual({
      ok: false,
      message:
        'P09 Cloudflare Workers AI is not configured: apiToken is required; accountId is required. ' +
        'Set them with: earshot providers set cloudflare apiToken=… accountId=…',
    });
  });

  it('names invalid values and unknown fields', () => {
    const result = checkProviderConfig(cloudflare, {
      apiToken: 'token',
      accountId: 'account',
      model: 'whisper-2',
      apiKey: 'misplaced',
    });
    expect(result).toEqual({
      ok: false,
      message:
        'P09 Cloudflare Workers AI is not configured: model must be one of whisper, whisper-large-v3-turbo; ' +
        'apiKey is not a setting of Cloudflare Workers AI. Fix it with: earshot providers set cloudflare model=… apiKey=',
    });
  });

  it('prefixes a message that does not name its field', () => {
    const local = definition(z.object({ baseUrl: baseUrlField(), port: z.number().int() }).strict());
    const result = checkProviderConfig(local, { baseUrl: 'http://127.0.0.1:8000', port: 'eighty' });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(
      /^P09 Cloudflare Workers AI is not configured: port: Invalid input: expected number, received string\. Set it with: earshot providers set cloudflare port=…$/,
    );
  });
});
