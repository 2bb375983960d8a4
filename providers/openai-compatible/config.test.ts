import { expect, it } from 'vitest';
import { openAiCompatibleConfigSchema } from './config.ts';

function messages(input: unknown): string[] {
  const parsed = openAiCompatibleConfigSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

it('requires baseUrl and model, naming each', () => {
  const problems = messages({});
  expect(problems.some((problem) => problem.startsWith('baseUrl: baseUrl must be an http(s) URL'))).toBe(
    true,
  );
  expect(problems).toContain(
    'model: model is required: the id of an installed model, as /v1/models lists it',
  );
  expect(messages({ baseUrl: 'http://127.0.0.1:11434', model: '  ' })).toEqual([
    'model: model is required: the id of an installed model, as /v1/models lists it',
  ]);
});

it('keeps the key optional and treats an emptied key as none', () => {
  const base = { baseUrl: 'http://127.0.0.1:11434', model: 'whisper-1' };
  expect(openAiCompatibleConfigSchema.parse(base)).toEqual({ ...base, languageHints: [] });
  expect(openAiCompatibleConfigSchema.parse({ ...base, apiKey: '  ' }).apiKey).toBeUndefined();
  expect(openAiCompatibleConfigSchema.parse({ ...base, apiKey: ' sk-local ' }).apiKey).toBe('sk-local');
});

it('checks language hints and rejects unknown fields and non-http addresses', () => {
  const base = { baseUrl: 'http://127.0.0.1:11434', model: 'whisper-1' };
  expect(openAiCompatibleConfigSchema.parse({ ...base, languageHints: ['EN', 'de'] }).languageHints).toEqual([
    'en',
    'de',
  ]);
  expect(messages({ ...base, languageHints: ['english'] })).toEqual([
    'languageHints.0: each language hint is a two-letter ISO 639-1 code, such as en or zh',
  ]);
  expect(messages({ ...base, endpoint: 'http://elsewhere' })[0]).toMatch(/endpoint/);
  expect(messages({ ...base, baseUrl: 'ftp://127.0.0.1' })[0]).toMatch(
    /^baseUrl: baseUrl must be an http\(s\) URL/,
  );
});
