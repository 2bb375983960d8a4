import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { gladiaFakeApiKey, startGladiaFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'gladia',
  start: () => startGladiaFake(),
  config: (fake) => ({ apiKey: gladiaFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'gladia-revoked-key-0000', endpoint: fake.baseUrl }),
  secrets: () => [gladiaFakeApiKey],
};
