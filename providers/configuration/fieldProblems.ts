import type { z } from 'zod';
import type { ProviderDefinition } from '../contract.ts';

/** One thing that keeps a stored configuration from being used, said in terms of the setting to change. */
export interface FieldProblem {
  /** The top-level setting at fault; none when the schema faults the settings as a whole. */
  field?: string;
  /** Whether the fix is to give the field a value, or to remove a field the provider does not have. */
  fix: 'set' | 'remove';
  /** For a person; it names the field. */
  message: string;
}

/**
 * The problems a provider's schema found in a stored configuration, field by field, the fields it
 * does not know last. The schema's own message is kept wherever it names its field, since those are
 * written for the person filling in the settings; only the others are prefixed with the field.
 */
export function fieldProblems(
  issues: readonly z.core.$ZodIssue[],
  config: Record<string, unknown>,
  providerName: string,
): FieldProblem[] {
  const toSet: FieldProblem[] = [];
  const toRemove: FieldProblem[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const field of issue.keys) {
        toRemove.push({ field, fix: 'remove', message: `${field} is not a setting of ${providerName}` });
      }
    } else {
      const field = issue.path[0];
      toSet.push({
        field: field === undefined ? undefined : String(field),
        fix: 'set',
        message: describeIssue(issue, config),
      });
    }
  }
  return [...toSet, ...toRemove];
}

/** The problems that keep a provider's stored configuration from being used; empty when it is ready. */
export function configurationProblems(
  definition: ProviderDefinition<unknown>,
  config: Record<string, unknown>,
): string[] {
  const parsed = definition.configSchema.safeParse(config);
  if (parsed.success) return [];
  return fieldProblems(parsed.error.issues, config, definition.metadata.name).map(({ message }) => message);
}

function describeIssue(issue: z.core.$ZodIssue, config: Record<string, unknown>): string {
  const field = issue.path.map(String).join('.');
  if (field === '' || issue.message.startsWith(field)) return issue.message;
  // For a value that is not there at all, the schema's message speaks of a type ("received undefined").
  const isMissing = issue.path.length === 1 && config[field] === undefined;
  return isMissing ? `${field} is required` : `${field}: ${issue.message}`;
}
