import { describe, expect, it } from 'vitest';
import { changedValues, draftsOf } from './fieldDrafts.ts';
import type { FieldDescriptor, ProviderView } from './settingsTypes.ts';

const fields: FieldDescriptor[] = [
  { name: 'apiKey', label: 'API key', kind: 'secret', required: true },
  { name: 'baseUrl', label: 'Server address', kind: 'url', required: true },
  { name: 'temperature', label: 'Temperature', kind: 'number', required: false, minimum: 0, maximum: 1 },
  { name: 'diarize', label: 'Tell speakers apart', kind: 'boolean', required: false, defaultValue: true },
  { name: 'keywords', label: 'Keywords', kind: 'list', required: false },
];

function provider(values: Record<string, unknown>): ProviderView {
  return {
    metadata: {} as ProviderView['metadata'],
    fields,
    values,
    secretsSet: ['apiKey'],
    problems: [],
    configured: true,
    ready: true,
    isDefault: false,
    runsOnUserServer: false,
  };
}

describe('settings form drafts', () => {
  it('start from the stored values, with secrets empty and booleans at their default', () => {
    expect(draftsOf(provider({ baseUrl: 'http://a', keywords: ['x', 'y'], temperature: 0.5 }))).toEqual({
      apiKey: '',
      baseUrl: 'http://a',
      temperature: '0.5',
      diarize: true,
      keywords: 'x, y',
    });
  });

  it('save only what changed, typed, and leave an untouched secret out', () => {
    const initial = draftsOf(provider({ baseUrl: 'http://a', temperature: 0.5 }));
    const drafts = {
      ...initial,
      baseUrl: ' http://b ',
      temperature: '0.2',
      diarize: false,
      keywords: 'a, ,b',
    };
    expect(changedValues(fields, initial, drafts)).toEqual({
      baseUrl: 'http://b',
      temperature: 0.2,
      diarize: false,
      keywords: ['a', 'b'],
    });
  });

  it('send a typed secret as typed, an emptied field as a removal and bad numbers as text', () => {
    const initial = draftsOf(provider({ baseUrl: 'http://a' }));
    const drafts = { ...initial, apiKey: ' key ', baseUrl: '', temperature: 'warm' };
    expect(changedValues(fields, initial, drafts)).toEqual({
      apiKey: ' key ',
      baseUrl: '',
      temperature: 'warm',
    });
  });
});
