import type { z } from 'zod';
import { configurationProblems } from '../providers/configuration/fieldProblems.ts';
import type { ProviderDefinition } from '../providers/contract.ts';
import { newSecretDestination } from '../providers/secretDestination.ts';
import { readProviderConfig, writeProviderConfig } from '../store/providerSettings.ts';
import { binaryPathSettingProblem, modelPathProblem } from './runtimeSetup/binaryTrust.ts';
import { managedRuntimeProblem } from './runtimeSetup/storedRuntimeProblem.ts';

export interface ConfigurationState {
  /** The stored values of the fields that are not secrets. */
  values: Record<string, unknown>;
  /** The secret fields that hold a stored value; their values never leave this module. */
  secretsSet: string[];
  /** Per-field problems that keep the provider from being used; empty when it is ready. */
  problems: string[];
  /** Something is stored for it: the user set it up, rather than it having defaults only. */
  configured: boolean;
}

/**
 * A value for one field: text is read as the field's schema wants it (text, number, true/false,
 * or a comma-separated list), other values are checked as they are. Empty text removes the field.
 */
export type FieldInput = string | number | boolean | readonly string[];

/** Some of the values given were wrong, so nothing was saved; `fields` says why, field by field. */
export class ConfigurationFieldsError extends Error {
  readonly fields: Record<string, string>;

  constructor(fields: Record<string, string>) {
    const lines = Object.entries(fields).map(([field, message]) => `${field}: ${message}`);
    super(`Nothing was saved:\n  ${lines.join('\n  ')}`);
    this.name = 'ConfigurationFieldsError';
    this.fields = fields;
  }
}

/**
 * The change would send a stored key to a place it did not go to before (see
 * providers/secretDestination.ts), and whoever asked for it did not confirm that place; nothing was
 * saved. `destination` is the place (scheme://host[:port]) to confirm.
 */
export class UnconfirmedSecretDestinationError extends Error {
  readonly destination: string;

  constructor(providerName: string, destination: string) {
    super(`Your ${providerName} key will be sent to ${destination}. Confirm to save.`);
    this.name = 'UnconfirmedSecretDestinationError';
    this.destination = destination;
  }
}

/**
 * A provider's stored configuration as people may see it: secrets left out, problems listed (for
 * P14 first what its runtime lacks, binary and model, since settings alone do not make it ready).
 */
export function describeConfiguration(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
): ConfigurationState {
  const stored = readProviderConfig(dataDirectory, definition.metadata.id);
  const isSecret = (field: string) => definition.metadata.secretFields.includes(field);
  return {
    values: Object.fromEntries(Object.entries(stored).filter(([field]) => !isSecret(field))),
    secretsSet: Object.keys(stored).filter(isSecret),
    problems: [
      managedRuntimeProblem(dataDirectory, definition),
      ...configurationProblems(definition, stored),
    ].filter((problem) => problem !== undefined),
    configured: Object.keys(stored).length > 0,
  };
}

/**
 * Sets (or, with empty text, removes) fields of a provider's configuration. Each value is checked
 * on its own against its field's schema; if any is wrong nothing is saved. The whole configuration
 * may still be incomplete (credentials are often set one at a time): that is reported, not refused.
 * A change that would send a stored key to a new place is saved only if `confirms` accepts that
 * place. Throws ConfigurationFieldsError for wrong values and unknown fields, then
 * UnconfirmedSecretDestinationError for a new place not confirmed.
 */
export function setConfigurationFields(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
  assignments: ReadonlyArray<readonly [field: string, value: FieldInput]>,
  confirms: (destination: string) => boolean = () => false,
): ConfigurationState {
  const fields = schemaFields(definition);
  const stored = readProviderConfig(dataDirectory, definition.metadata.id);
  const next = { ...stored };
  const errors: Record<string, string> = {};
  for (const [field, input] of assignments) {
    const fieldSchema = fields[field];
    if (fieldSchema === undefined) {
      errors[field] =
        `not a setting of ${definition.metadata.name}; its settings are ${Object.keys(fields).join(', ')}`;
    } else if (input === '') {
      delete next[field];
    } else {
      const value = refuseMisplaced(
        dataDirectory,
        definition,
        field,
        typeof input === 'string' ? readFieldText(fieldSchema, input) : checkValue(fieldSchema, input),
      );
      if (value.ok) next[field] = value.value;
      else errors[field] = value.message;
    }
  }
  if (Object.keys(errors).length > 0) throw new ConfigurationFieldsError(errors);
  const destination = newSecretDestination(definition, stored, next);
  if (destination !== undefined && !confirms(destination)) {
    throw new UnconfirmedSecretDestinationError(definition.metadata.name, destination);
  }
  writeProviderConfig(dataDirectory, definition.metadata.id, next);
  return describeConfiguration(dataDirectory, definition);
}

/**
 * A well-formed value that still may not be saved: P14's binaryPath and modelPath must stay in their
 * runtime folders.
 */
function refuseMisplaced(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
  field: string,
  value: FieldValue,
): FieldValue {
  const managed = definition.metadata.executionMode === 'managed-runtime';
  if (!value.ok || !managed || typeof value.value !== 'string') return value;
  const problem =
    field === 'binaryPath'
      ? binaryPathSettingProblem(dataDirectory, value.value)
      : field === 'modelPath'
        ? modelPathProblem(dataDirectory, value.value)
        : undefined;
  return problem === undefined ? value : { ok: false, message: problem };
}

function schemaFields(definition: ProviderDefinition<unknown>): Record<string, z.ZodType> {
  const shape = (definition.configSchema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (shape === undefined) throw new Error(`${definition.metadata.id}: its config schema is not an object`);
  return shape;
}

type FieldValue = { ok: true; value: unknown } | { ok: false; message: string };

function readFieldText(schema: z.ZodType, text: string): FieldValue {
  const candidates: unknown[] = [text, parseJson(text), text.split(',').map((item) => item.trim())];
  const issues: z.core.$ZodIssue[] = [];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return { ok: true, value: candidate };
    issues.push(...parsed.error.issues);
  }
  return { ok: false, message: tellingMessage(issues) };
}

function checkValue(schema: z.ZodType, value: unknown): FieldValue {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value } : { ok: false, message: tellingMessage(parsed.error.issues) };
}

/**
 * The telling complaint is the one about the content (a list item, a range), not the one about a
 * reading that had the wrong type altogether.
 */
function tellingMessage(issues: readonly z.core.$ZodIssue[]): string {
  const telling =
    issues.find((issue) => issue.path.length > 0) ?? issues.find((issue) => issue.code !== 'invalid_type');
  return (telling ?? issues[0])?.message ?? 'not a valid value';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
