import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { defaultInstalledModel, startOpenAiCompatibleFake } from './server.ts';

// Started with a key, so the suite also sees how a keyed local server refuses a wrong one.
const apiKey = 'local-server-key-7c41d9';

export const fixture: ProviderFakeFixture = {
  providerId: 'openai-compatible',
  start: () => startOpenAiCompatibleFake({ apiKey }),
  config: (fake) => ({ baseUrl: fake.baseUrl, model: defaultInstalledModel, apiKey }),
  badCredentialConfig: (fake) => ({
    baseUrl: fake.baseUrl,
    model: defaultInstalledModel,
    apiKey: 'wrong-local-key-0000',
  }),
  secrets: () => [apiKey],
};
