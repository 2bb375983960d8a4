import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { languageHintsField, modelField, secretField } from '../configFields.ts';
import type { ProviderDefinition } from '../contract.ts';
import { configurationProblems, fieldProblems } from './fieldProblems.ts';

const schema = z
  .object({
    apiToken: secretField('apiToken', 'API token', 'A test token.'),
    accountId: z.string().min(1),
    model: modelField(['whisper', 'whisper-large-v3-turbo'], 'whisper'),
    languageHints: languageHintsField(5),
    port: z.number().int().optional(),
  })
  .strict();

const definition = {
  metadata: { id: 'cloudflare', label: 'P09', name: 'Workers AI' },
  configSchema: schema,
} as unknown as ProviderDefinition<unknown>;

function problemsOf(config: Record<string, unknown>) {
  const parsed = schema.safeParse(config);
  return parsed.success ? [] : fieldProblems(parsed.error.issues, config, 'Workers AI');
}

describe('configurationProblems', () => {
  it('says a missing field is required, in the schema’s words where it has them', () => {
    expect(configurationProblems(definition, {})).toEqual(['apiToken is required', 'accountId is required']);
  });

  it('keeps a message that names its field and prefixes one that does not', () => {
    expect(
      configurationProblems(definition, {
        apiToken: 'token',
        accountId: 'account',
        model: 'whisper-2',
        languageHints: ['en', 'english'],
        port: 'eighty',
      }),
    ).toEqual([
      'model must be one of whisper, whisper-large-v3-turbo',
      'languageHints.1: each language hint is a two-letter ISO 639-1 code, such as en or zh',
      'port: Invalid input: expected number, received string',
    ]);
  });

  it('is empty for a configuration the schema accepts', () => {
    expect(configurationProblems(definition, { apiToken: 'token', accountId: 'account' })).toEqual([]);
  });
});

describe('fieldProblems', () => {
  it('names the top-level field to set, and lists the fields to remove last', () => {
    expect(problemsOf({ colour: 'blue', accountId: 'account', languageHints: ['english'] })).toEqual([
      { field: 'apiToken', fix: 'set', message: 'apiToken is required' },
      {
        field: 'languageHints',
        fix: 'set',
        message: 'languageHints.0: each language hint is a two-letter ISO 639-1 code, such as en or zh',
      },
      { field: 'colour', fix: 'remove', message: 'colour is not a setting of Workers AI' },
    ]);
  });
});
