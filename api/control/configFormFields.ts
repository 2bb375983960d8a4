import { z } from 'zod';
import type { ProviderDefinition } from '../../providers/contract.ts';
import type { FieldDescriptor, FieldKind } from './providerView.ts';

/** The part of a JSON Schema (2020-12) property that a form needs. */
interface PropertySchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  title?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/**
 * The settings form of a provider, one field per property of its config schema in the schema's
 * order, generated from the schema's input side (what people type, before defaults and
 * transforms), so a form can never drift from what the schema accepts.
 */
export function configFormFields(definition: ProviderDefinition<unknown>): FieldDescriptor[] {
  return schemaFormFields(definition.configSchema, definition.metadata.secretFields, definition.metadata.id);
}

/** The form of any object schema (an AI provider's too); `secretFields` get a password input. */
export function schemaFormFields(
  configSchema: z.ZodType,
  secretFields: readonly string[],
  schemaName: string,
): FieldDescriptor[] {
  const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, PropertySchema>;
    required?: string[];
  };
  if (schema.properties === undefined) {
    throw new Error(`${schemaName}: its config schema is not an object`);
  }
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const kind = secretFields.includes(name) ? 'secret' : fieldKind(property);
    // A schema without a title falls back to the name; configFormFields.test.ts keeps every field titled.
    const descriptor: FieldDescriptor = {
      name,
      label: property.title ?? name,
      kind,
      required: required.has(name),
    };
    if (property.default !== undefined) descriptor.defaultValue = property.default;
    if (kind === 'choice') descriptor.choices = (property.enum ?? []).map(String);
    const minimum = kind === 'list' ? property.minItems : property.minimum;
    const maximum = kind === 'list' ? property.maxItems : property.maximum;
    if (minimum !== undefined) descriptor.minimum = minimum;
    if (maximum !== undefined) descriptor.maximum = maximum;
    if (property.description !== undefined) descriptor.description = property.description;
    return descriptor;
  });
}

function fieldKind(property: PropertySchema): FieldKind {
  if (property.enum !== undefined) return 'choice';
  switch (property.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'array':
      return 'list';
    default:
      return property.format === 'uri' ? 'url' : 'text';
  }
}
