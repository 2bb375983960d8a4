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
    const field = issue.path.map(String).join('.');
    if (field !== '') fieldsToSet.add(issue.path.map(String)[0] ?? field);
    problems.push(
      field === '' || issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`,
    );
  }
  if (unknownFields.length > 0) {
    problems.push(
      `${unknownFields.join(', ')} ${unknownFields.length === 1 ? 'is not a setting' : 'are not settings'} of ${name}; remove ${unknownFields.length === 1 ? 'it' : 'them'}`,
    );
  }
  const howToSet =
    fieldsToSet.size === 0
      ? ''
      : ` Set ${fieldsToSet.size === 1 ? 'it' : 'them'} with: earshot providers set ${id} ${[...fieldsToSet].map((field) => `${field}=…`).join(' ')}`;
  return {
    ok: false,
    message: `${label} ${name} is not configured: ${problems.join('; ')}.${howToSet}`,
  };
}
