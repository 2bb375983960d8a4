import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { groqFakeApiKey, startGroqFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'groq',
  start: () => startGroqFake(),
  config: (fake) => ({ apiKey: groqFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'gsk_revoked_key_00000000', endpoint: fake.baseUrl }),
  secrets: () => [groqFakeApiKey],
};
