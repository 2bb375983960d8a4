import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { deepgramFakeApiKey, startDeepgramFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'deepgram',
  start: startDeepgramFake,
  config: (fake) => ({ apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'dg-wrong-key-0000000000', endpoint: fake.baseUrl }),
  secrets: () => [deepgramFakeApiKey],
};
