import type { ProviderDefinition } from '../../providers/contract.ts';

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
  const problems: string[] = [];
  const fieldsToSet = new Set<string>();
  const unknownFields: string[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      unknownFields.push(...issue.keys);
      continue;
    }
    const path = issue.path.map(String);
    const field = path.join('.');
    if (path[0] !== undefined) fieldsToSet.add(path[0]);
    problems.push(
      field === '' || issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`,
    );
  }
  for (const field of unknownFields) problems.push(`${field} is not a setting of ${name}`);
  // One command fixes it all: `field=…` to give a value, `field=` to remove one.
  const assignments = [
    ...[...fieldsToSet].map((field) => `${field}=…`),
    ...unknownFields.map((field) => `${field}=`),
  ];
  const lead =
    unknownFields.length > 0 ? 'Fix it with' : `Set ${fieldsToSet.size === 1 ? 'it' : 'them'} with`;
  return {
    ok: false,
    message: `${label} ${name} is not configured: ${problems.join('; ')}. ${lead}: earshot providers set ${id} ${assignments.join(' ')}`,
  };
}
