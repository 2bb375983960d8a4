import type { ProviderDefinition } from '../../providers/contract.ts';
import { probeEndpoint } from '../../providers/http/endpointReachability.ts';
import {
  cannotReachMessage,
  configuredAddress,
  runsOnUserServer,
  unreachableAdvice,
} from '../../providers/providerAddress.ts';
import type { ProviderReachability } from './providerView.ts';
import { readProviderConfig } from '../../store/providerSettings.ts';

/**
 * Whether the server of a provider the user runs (P12, P13) answers at the address they set: the
 * "reachable" beside "configured", which settings alone cannot tell. Only a configured provider is
 * probed, only at its own address, with one TCP connection that carries nothing (no key can leave).
 */
export async function probeProviderServer(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
  signal?: AbortSignal,
): Promise<ProviderReachability> {
  const { metadata } = definition;
  const name = `${metadata.label} ${metadata.name}`;
  if (!runsOnUserServer(metadata)) {
    return {
      state: 'unchecked',
      message: `${name} does not run on a server of yours; there is nothing to probe.`,
    };
  }
  const stored = readProviderConfig(dataDirectory, metadata.id);
  if (Object.keys(stored).length === 0) {
    return {
      state: 'unchecked',
      message: `${name} is not configured yet: set its server address in Settings → Providers.`,
    };
  }
  const address = configuredAddress(definition, stored) ?? metadata.defaultBaseUrl;
  const outcome = await probeEndpoint(address, { signal });
  if (outcome.reachable) return { state: 'reachable', address };
  return {
    state: 'unreachable',
    address,
    reason: outcome.reason,
    message: `${cannotReachMessage(metadata, address, outcome.reason)} ${unreachableAdvice(metadata)}`,
  };
}
