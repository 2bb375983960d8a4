import type { ProviderDefinition } from '../contract.ts';
import { type FieldProblem, fieldProblems } from './fieldProblems.ts';
import { settingsCommandSentence } from './settingsCommand.ts';

export type ConfigCheck<Config> = { ok: true; config: Config } | { ok: false; message: string };

/**
 * Validates a provider's stored configuration with its own schema. A refusal names the provider,
 * every missing or invalid field and the command that sets them; it never suggests another
 * provider, because a job must not silently run somewhere the user did not choose.
 */
export function checkProviderConfig<Config>(
  definition: ProviderDefinition<Config>,
  raw: Record<string, unknown>,
): ConfigCheck<Config> {
  const parsed = definition.configSchema.safeParse(raw);
  if (parsed.success) return { ok: true, config: parsed.data };
  const { id, label, name } = definition.metadata;
  const problems = fieldProblems(parsed.error.issues, raw, name);
  const fieldsTo = (fix: FieldProblem['fix']) =>
    new Set(
      problems.flatMap((problem) =>
        problem.fix === fix && problem.field !== undefined ? [problem.field] : [],
      ),
    );
  const fieldsToSet = fieldsTo('set');
  const fieldsToRemove = fieldsTo('remove');
  // One command fixes it all: `field=…` to give a value, `field=` to remove one.
  const assignments: Record<string, string> = {};
  for (const field of fieldsToSet) assignments[field] = '…';
  for (const field of fieldsToRemove) assignments[field] = '';
  const lead =
    fieldsToRemove.size > 0 ? 'Fix it with' : fieldsToSet.size === 1 ? 'Set it with' : 'Set them with';
  const messages = problems.map(({ message }) => message);
  return {
    ok: false,
    message: `${label} ${name} is not configured: ${messages.join('; ')}. ${settingsCommandSentence(lead, id, assignments)}`,
  };
}
