import { settingsCommandSentence } from './configuration/settingsCommand.ts';
import type { ProviderDefinition, ProviderMetadata } from './contract.ts';

/**
 * Where a provider is reached and what to do when it cannot be: the address its settings give
 * (`endpoint` for a vendor, `baseUrl` for a local server, else the default), and the advice that
 * goes with "cannot reach" for each kind of provider.
 */

/**
 * The local servers the user runs (P12, P13): complete settings do not make them usable, the
 * server must also answer. P14's server is Earshot's own managed runtime, so it is not one of them.
 */
export function runsOnUserServer(metadata: ProviderMetadata): boolean {
  return metadata.kind === 'local' && metadata.executionMode !== 'managed-runtime';
}

/** The address the settings give; undefined for P14, which runs wherever its runtime was started. */
export function configuredAddress(
  definition: ProviderDefinition<unknown>,
  config: unknown,
): string | undefined {
  if (definition.metadata.executionMode === 'managed-runtime') return undefined;
  const { endpoint, baseUrl } = (config ?? {}) as { endpoint?: unknown; baseUrl?: unknown };
  if (typeof endpoint === 'string') return endpoint;
  if (typeof baseUrl === 'string') return baseUrl;
  return definition.metadata.defaultBaseUrl;
}

/** "Cannot reach … (connection refused)." — the fact, with the address that was tried. */
export function cannotReachMessage(metadata: ProviderMetadata, address: string, reason: string): string {
  return `Cannot reach ${metadata.label} ${metadata.name} at ${address} (${reason}).`;
}

/**
 * What the user can do about a provider that cannot be reached; `addressField` is the setting that
 * named the address (a vendor's `endpoint`, unless its live client says otherwise, as P07's does).
 */
export function unreachableAdvice(metadata: ProviderMetadata, addressField = 'endpoint'): string {
  if (metadata.executionMode === 'managed-runtime') {
    return 'Check the runtime in Settings → Runtime (or `earshot runtime status`).';
  }
  if (runsOnUserServer(metadata)) {
    return `Start the server, or fix its address. ${settingsCommandSentence('Fix it with', metadata.id, { baseUrl: 'URL' })}`;
  }
  return `Check the network connection; if you set ${addressField === 'endpoint' ? 'an endpoint' : addressField}, clear it to use the vendor's own. ${settingsCommandSentence('Clear it with', metadata.id, { [addressField]: '' })}`;
}
