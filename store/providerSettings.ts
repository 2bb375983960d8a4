import { readSecrets, writeSecrets } from './secretsFile.ts';

/**
 * Provider configurations, kept whole in the user-only secrets file: they mix credentials with
 * ordinary fields, and keeping them together means a key can never leak through the store, the UI
 * replica or a backup. Values are stored as given and validated by the provider's schema on use.
 */
export function readProviderConfig(dataDirectory: string, providerId: string): Record<string, unknown> {
  return { ...readSecrets(dataDirectory).providers?.[providerId] };
}

export function writeProviderConfig(
  dataDirectory: string,
  providerId: string,
  config: Record<string, unknown>,
): void {
  const secrets = readSecrets(dataDirectory);
  writeSecrets(dataDirectory, { ...secrets, providers: { ...secrets.providers, [providerId]: config } });
}
