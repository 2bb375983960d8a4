import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { siliconFlowFakeApiKey, startSiliconFlowFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'siliconflow',
  start: startSiliconFlowFake,
  config: (fake) => ({ apiKey: siliconFlowFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'sk-sf-wrong-000000000', endpoint: fake.baseUrl }),
  secrets: () => [siliconFlowFakeApiKey],
};
