import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { mistralFakeApiKey, startMistralFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'mistral',
  start: () => startMistralFake(),
  config: (fake) => ({ apiKey: mistralFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'mistral-revoked-key-0000', endpoint: fake.baseUrl }),
  secrets: () => [mistralFakeApiKey],
};
