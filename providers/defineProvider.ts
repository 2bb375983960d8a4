import { testConfig } from './configuration/testConfig.ts';
import type { ProviderDefinition } from './contract.ts';

/**
 * A provider's definition from the parts it implements itself. What every provider does the same
 * way (testConfig) is attached here, so that no provider carries a copy of its own.
 */
export function defineProvider<Config>(
  implementation: Omit<ProviderDefinition<Config>, 'testConfig'>,
): ProviderDefinition<Config> {
  const definition: ProviderDefinition<Config> = {
    ...implementation,
    testConfig: (rawConfig, options) => testConfig(definition, rawConfig, options),
  };
  return definition;
}
