import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { endpointField, languageHintsField, secretField } from '../providers/configFields.ts';
import { defineProvider } from '../providers/defineProvider.ts';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import {
  ConfigurationFieldsError,
  describeConfiguration,
  setConfigurationFields,
} from './providerConfiguration.ts';

const definition = defineProvider<unknown>({
  metadata: {
    id: 'cloudflare',
    label: 'P09',
    name: 'Workers AI',
    vendor: 'Cloudflare',
    kind: 'cloud',
    transport: 'rest-batch',
    audioInput: 'pcm16',
    executionMode: 'windowed-interval',
    capabilities: {
      streaming: false,
      translation: false,
      diarization: false,
      liveDiarization: false,
      tokenEvents: false,
      prefersTokenEvents: false,
      fileTranscription: true,
    },
    defaultBaseUrl: 'https://api.cloudflare.com/client/v4',
    fileLimits: {},
    secretFields: ['apiToken'],
    vocabulary: null,
  },
  configSchema: z
    .object({
      apiToken: secretField('apiToken', 'API token', 'A test token.'),
      accountId: z.string().min(1, 'accountId is required'),
      languageHints: languageHintsField(5),
      vadFilter: z.boolean().default(true),
      endpoint: endpointField,
    })
    .strict(),
  transcribeFile: () => Promise.reject(new Error('not used')),
});

let directory: ReturnType<typeof temporaryDirectory>;
beforeEach(() => (directory = temporaryDirectory('provider-config')));
afterEach(() => directory.remove());

it('saves fields one at a time, typed by the schema, and reports what is still missing', () => {
  const first = setConfigurationFields(directory.path, definition, [
    ['apiToken', 'cf-secret-token-123'],
    ['languageHints', 'en,zh'],
    ['vadFilter', 'false'],
  ]);
  expect(first.problems).toEqual(['accountId is required']);
  expect(first.values).toEqual({ languageHints: ['en', 'zh'], vadFilter: false });
  expect(first.secretsSet).toEqual(['apiToken']);

  const second = setConfigurationFields(directory.path, definition, [['accountId', 'acc-1']]);
  expect(second.problems).toEqual([]);
  const file = join(directory.path, 'secrets.json');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
    providers: { cloudflare: { apiToken: 'cf-secret-token-123', accountId: 'acc-1' } },
  });
});

it('refuses a bad value or an unknown field and saves nothing', () => {
  setConfigurationFields(directory.path, definition, [['accountId', 'acc-1']]);
  expect(() =>
    setConfigurationFields(directory.path, definition, [
      ['accountId', 'acc-2'],
      ['languageHints', 'english'],
      ['colour', 'blue'],
    ]),
  ).toThrow(/Nothing was saved:\n {2}languageHints: .*two-letter.*\n {2}colour: not a setting of Workers AI/);
  const refusal = captureError(() =>
    setConfigurationFields(directory.path, definition, [
      ['vadFilter', 'maybe'],
      ['accountId', 'acc-3'],
    ]),
  );
  expect(refusal).toBeInstanceOf(ConfigurationFieldsError);
  expect((refusal as ConfigurationFieldsError).fields).toEqual({ vadFilter: expect.any(String) as unknown });
  expect(describeConfiguration(directory.path, definition).values).toEqual({ accountId: 'acc-1' });
});

it('removes a field given an empty value', () => {
  setConfigurationFields(directory.path, definition, [['accountId', 'acc-1']]);
  setConfigurationFields(directory.path, definition, [['accountId', '']]);
  expect(describeConfiguration(directory.path, definition)).toMatchObject({
    values: {},
    problems: ['apiToken is required', 'accountId is required'],
  });
});

it('takes typed values as they are and checks them against the field', () => {
  const state = setConfigurationFields(directory.path, definition, [
    ['apiToken', 'cf-secret-token-123'],
    ['languageHints', ['en', 'de']],
    ['vadFilter', false],
  ]);
  expect(state.values).toEqual({ languageHints: ['en', 'de'], vadFilter: false });
  const refusal = captureError(() =>
    setConfigurationFields(directory.path, definition, [
      ['languageHints', ['en', 'german']],
      ['vadFilter', 'yes'],
      ['accountId', 7],
    ]),
  );
  expect((refusal as ConfigurationFieldsError).fields).toEqual({
    languageHints: 'each language hint is a two-letter ISO 639-1 code, such as en or zh',
    vadFilter: expect.any(String) as unknown,
    accountId: expect.any(String) as unknown,
  });
  expect(describeConfiguration(directory.path, definition).values).toEqual(state.values);
});

it('never hands out a stored secret, only that it is set', () => {
  setConfigurationFields(directory.path, definition, [['apiToken', 'cf-secret-token-123']]);
  const state = describeConfiguration(directory.path, definition);
  expect(JSON.stringify(state)).not.toContain('cf-secret-token-123');
  expect(state.secretsSet).toEqual(['apiToken']);
  setConfigurationFields(directory.path, definition, [['apiToken', '']]);
  expect(describeConfiguration(directory.path, definition).secretsSet).toEqual([]);
});

function captureError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
