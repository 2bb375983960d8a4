import { expect, it } from 'vitest';
import { funasrConfigSchema } from './config.ts';

function messages(input: unknown): string[] {
  const parsed = funasrConfigSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

it('needs nothing: the server address and the model have defaults', () => {
  expect(funasrConfigSchema.parse({})).toEqual({
    baseUrl: 'http://127.0.0.1:8000',
    model: 'sensevoice',
    languageHints: [],
  });
});

it('accepts each served model and refuses others by name', () => {
  for (const model of ['sensevoice', 'paraformer', 'fun-asr-nano']) {
    expect(funasrConfigSchema.parse({ model }).model).toBe(model);
  }
  expect(messages({ model: 'whisper' })).toEqual([
    'model: model must be one of sensevoice, paraformer, fun-asr-nano',
  ]);
});

it('reads an older stored paraformer-en as sensevoice, which the server still serves', () => {
  expect(funasrConfigSchema.parse({ model: 'paraformer-en' }).model).toBe('sensevoice');
  expect(funasrConfigSchema.safeParse({ baseUrl: 'http://10.0.0.5:8000', model: 'paraformer-en' })).toEqual({
    success: true,
    data: { baseUrl: 'http://10.0.0.5:8000', model: 'sensevoice', languageHints: [] },
  });
});

it('rejects a non-http baseUrl, an apiKey (the server has no auth) and other unknown fields', () => {
  expect(messages({ baseUrl: 'localhost:8000' })).toEqual([
    'baseUrl: baseUrl must be an http(s) URL such as http://127.0.0.1:8000',
  ]);
  expect(messages({ apiKey: 'x' })[0]).toMatch(/apiKey/);
  expect(messages({ endpoint: 'http://127.0.0.1:9000' })[0]).toMatch(/endpoint/);
});
