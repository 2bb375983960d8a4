import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { sixtyDbFakeApiKey, startSixtyDbFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'sixtydb',
  start: startSixtyDbFake,
  config: (fake) => ({ apiKey: sixtyDbFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'sk_live_wrong_00000000', endpoint: fake.baseUrl }),
  secrets: () => [sixtyDbFakeApiKey],
};
