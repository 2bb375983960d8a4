import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ProviderId } from '../../providers/contract.ts';
import { findProvider, providerDefinitions } from '../../providers/registry.ts';
import { aiProviderFieldSchemas, aiProviderSecretFields } from '../../ai/providers/aiProviderConfig.ts';
import { aiProviderKinds } from '../../ai/providers/aiProviderKinds.ts';
import { configFormFields, schemaFormFields } from './configFormFields.ts';
import type { FieldDescriptor, FieldKind } from './providerView.ts';

/** What each field of the fourteen schemas should be entered as. */
const kindsByField: Record<string, FieldKind> = {
  apiKey: 'secret',
  appKey: 'secret',
  accessKey: 'secret',
  apiToken: 'secret',
  accountId: 'secret',
  endpoint: 'url',
  streamingEndpoint: 'url',
  baseUrl: 'url',
  languageHints: 'list',
  fileModel: 'choice',
  translationEnabled: 'boolean',
  enableSpeakerDiarization: 'boolean',
  skipSilence: 'boolean',
  translationTargetLanguage: 'text',
  modelPath: 'text',
  binaryPath: 'text',
  port: 'integer',
};
/** `model` is a fixed list where the provider offers one, else free text checked by a pattern. */
const freeTextModels: readonly ProviderId[] = ['soniox', 'elevenlabs', 'mistral', 'openai-compatible'];

function expectedKind(providerId: ProviderId, field: string): FieldKind | undefined {
  if (field === 'model') return freeTextModels.includes(providerId) ? 'text' : 'choice';
  return kindsByField[field];
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  return (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
}

function fieldsOf(name: string): FieldDescriptor[] {
  const definition = findProvider(name);
  if (definition === undefined) throw new Error(`no provider ${name}`);
  return configFormFields(definition);
}

describe.each(providerDefinitions.map((definition) => [definition.metadata.label, definition] as const))(
  '%s',
  (_label, definition) => {
    const fields = configFormFields(definition);
    const shape = shapeOf(definition.configSchema);

    it('has one descriptor for every field of the schema, in its order, each of a fitting kind', () => {
      expect(fields.map((field) => field.name)).toEqual(Object.keys(shape));
      for (const field of fields) {
        expect({ field: field.name, kind: field.kind }).toEqual({
          field: field.name,
          kind: expectedKind(definition.metadata.id, field.name),
        });
      }
    });

    it('marks as required exactly the fields the schema cannot do without', () => {
      const required = fields.filter((field) => field.required).map((field) => field.name);
      const refused = definition.configSchema.safeParse({});
      const missing = refused.success ? [] : refused.error.issues.map((issue) => String(issue.path[0]));
      expect(required.sort()).toEqual([...new Set(missing)].sort());
    });

    it('gives defaults and choices the field itself accepts', () => {
      for (const field of fields) {
        const fieldSchema = shape[field.name];
        if (field.defaultValue !== undefined) {
          expect(fieldSchema?.safeParse(field.defaultValue).success).toBe(true);
        }
        if (field.kind === 'choice') {
          expect(field.choices?.length).toBeGreaterThan(1);
          for (const choice of field.choices ?? []) expect(fieldSchema?.safeParse(choice).success).toBe(true);
          expect(fieldSchema?.safeParse('not-a-choice').success).toBe(false);
        } else {
          expect(field.choices).toBeUndefined();
        }
      }
    });

    it('gives every field a label for people and help text', () => {
      for (const field of fields) {
        expect({
          field: field.name,
          labelled: field.label !== field.name && field.label.trim() !== '',
        }).toEqual({
          field: field.name,
          labelled: true,
        });
        expect({ field: field.name, help: (field.description ?? '').length > 10 }).toEqual({
          field: field.name,
          help: true,
        });
      }
    });

    it('never gives a secret a default', () => {
      for (const field of fields.filter((candidate) => candidate.kind === 'secret')) {
        expect(field.defaultValue).toBeUndefined();
      }
    });
  },
);

describe('configFormFields', () => {
  it('brings enum choices and their default through (P06 Deepgram)', () => {
    expect(fieldsOf('P06').find((field) => field.name === 'model')).toEqual({
      name: 'model',
      label: 'Model',
      kind: 'choice',
      required: false,
      defaultValue: 'nova-3',
      choices: ['nova-3', 'nova-2'],
      description: 'The speech-recognition model the provider runs.',
    });
  });

  it('gives the port its bounds and default, and paths as text (P14 whisper.cpp)', () => {
    const fields = fieldsOf('whisper-cpp');
    expect(fields.find((field) => field.name === 'port')).toEqual({
      name: 'port',
      label: 'Port',
      description: 'The port on this computer the local whisper-server listens on.',
      kind: 'integer',
      required: false,
      defaultValue: 8177,
      minimum: 1,
      maximum: 65_535,
    });
    expect(fields.find((field) => field.name === 'modelPath')).toMatchObject({
      kind: 'text',
      required: true,
    });
    expect(fields.find((field) => field.name === 'skipSilence')).toMatchObject({
      kind: 'boolean',
      defaultValue: true,
    });
  });

  it('bounds a list by its number of items and describes the shared fields (P08 60db)', () => {
    const fields = fieldsOf('sixtydb');
    expect(fields.find((field) => field.name === 'languageHints')).toMatchObject({
      kind: 'list',
      defaultValue: [],
      maximum: 5,
      description: expect.stringContaining('(at most 5)') as unknown,
    });
    expect(fields.find((field) => field.name === 'endpoint')?.description).toMatch(/base URL/);
    expect(fields.find((field) => field.name === 'apiKey')).toMatchObject({
      kind: 'secret',
      required: true,
      description: expect.stringContaining('never shown again') as unknown,
    });
  });

  it('treats an optional credential as a secret that is not required (P12 apiKey)', () => {
    expect(fieldsOf('P12').find((field) => field.name === 'apiKey')).toMatchObject({
      kind: 'secret',
      required: false,
    });
  });

  it('offers the current models and its default for a preprocessed field (P13 FunASR)', () => {
    expect(fieldsOf('funasr').find((field) => field.name === 'model')).toMatchObject({
      kind: 'choice',
      defaultValue: 'sensevoice',
      choices: ['sensevoice', 'paraformer', 'fun-asr-nano'],
    });
  });
});

describe.each(aiProviderKinds)('the AI provider form of kind %s', (kind) => {
  it('gives every field a label for people and help text', () => {
    const fields = schemaFormFields(
      z.object(aiProviderFieldSchemas[kind]).omit({ kind: true }),
      aiProviderSecretFields,
      kind,
    );
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      expect({ field: field.name, labelled: field.label !== field.name }).toEqual({
        field: field.name,
        labelled: true,
      });
      expect({ field: field.name, help: (field.description ?? '').length > 10 }).toEqual({
        field: field.name,
        help: true,
      });
    }
  });
});
