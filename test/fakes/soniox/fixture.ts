import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { sonioxFakeApiKey, startSonioxFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'soniox',
  start: () => startSonioxFake(),
  config: (fake) => ({ apiKey: sonioxFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'soniox-revoked-key-0000', endpoint: fake.baseUrl }),
  secrets: () => [sonioxFakeApiKey],
};
