import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { assemblyAiFakeApiKey, startAssemblyAiFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'assemblyai',
  start: startAssemblyAiFake,
  config: (fake) => ({ apiKey: assemblyAiFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'aai-wrong-key-00000000', endpoint: fake.baseUrl }),
  secrets: () => [assemblyAiFakeApiKey],
};
