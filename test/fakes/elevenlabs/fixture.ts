import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { elevenLabsFakeApiKey, startElevenLabsFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'elevenlabs',
  start: () => startElevenLabsFake(),
  config: (fake) => ({ apiKey: elevenLabsFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'elevenlabs-revoked-key-0000', endpoint: fake.baseUrl }),
  secrets: () => [elevenLabsFakeApiKey],
};
