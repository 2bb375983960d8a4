import type { z } from 'zod';
import type { ProviderDefinition } from '../providers/contract.ts';
import { readProviderConfig, writeProviderConfig } from './providerSettings.ts';

export interface ConfigurationState {
  /** Stored values with every secret replaced by a mask. */
  values: Record<string, unknown>;
  /** Per-field problems that keep the provider from being used; empty when it is ready. */
  problems: string[];
}

const secretMask = '•••••• (set)';

/** A provider's stored configuration as people may see it: secrets masked, problems listed. */
export function describeConfiguration(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
): ConfigurationState {
  const stored = readProviderConfig(dataDirectory, definition.metadata.id);
  const values = Object.fromEntries(
    Object.entries(stored).map(([field, value]) => [
      field,
      definition.metadata.secretFields.includes(field) ? secretMask : value,
    ]),
  );
  return { values, problems: configurationProblems(definition, stored) };
}

export function configurationProblems(
  definition: ProviderDefinition<unknown>,
  config: Record<string, unknown>,
): string[] {
  const parsed = definition.configSchema.safeParse(config);
  return parsed.success ? [] : parsed.error.issues.map((issue) => describeIssue(issue, config));
}

/**
 * Sets (or, with an empty value, removes) fields of a provider's configuration. Each value is read
 * as the field's schema wants it (text, number, true/false, or a comma-separated list) and checked
 * on its own; if any is wrong nothing is saved. The whole configuration may still be incomplete
 * (credentials are often set one at a time): that is reported, not refused.
 */
export function setConfigurationFields(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
  assignments: ReadonlyArray<readonly [field: string, text: string]>,
): ConfigurationState {
  const fields = schemaFields(definition);
  const next = readProviderConfig(dataDirectory, definition.metadata.id);
  const errors: string[] = [];
  for (const [field, text] of assignments) {
    const fieldSchema = fields[field];
    if (fieldSchema === undefined) {
      errors.push(
        `${field}: not a setting of ${definition.metadata.name}; its settings are ${Object.keys(fields).join(', ')}`,
      );
    } else if (text === '') {
      delete next[field];
    } else {
      const value = readFieldValue(fieldSchema, text);
      if (value.ok) next[field] = value.value;
      else errors.push(`${field}: ${value.message}`);
    }
  }
  if (errors.length > 0) throw new Error(`Nothing was saved:\n  ${errors.join('\n  ')}`);
  writeProviderConfig(dataDirectory, definition.metadata.id, next);
  return describeConfiguration(dataDirectory, definition);
}

function schemaFields(definition: ProviderDefinition<unknown>): Record<string, z.ZodType> {
  const shape = (definition.configSchema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (shape === undefined) throw new Error(`${definition.metadata.id}: its config schema is not an object`);
  return shape;
}

function readFieldValue(
  schema: z.ZodType,
  text: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const candidates: unknown[] = [text, parseJson(text), text.split(',').map((item) => item.trim())];
  const issues: z.core.$ZodIssue[] = [];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return { ok: true, value: candidate };
    issues.push(...parsed.error.issues);
  }
  // The telling complaint is the one about the content (a list item, a range), not the one about
  // the reading that had the wrong type altogether.
  const telling =
    issues.find((issue) => issue.path.length > 0) ?? issues.find((issue) => issue.code !== 'invalid_type');
  return { ok: false, message: (telling ?? issues[0])?.message ?? 'not a valid value' };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describeIssue(issue: z.core.$ZodIssue, config: Record<string, unknown>): string {
  const field = issue.path.map(String).join('.');
  if (field === '') return issue.message;
  const isMissing = issue.path.length === 1 && config[field] === undefined;
  return `${field}: ${isMissing ? 'required' : issue.message}`;
}
