import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { startVolcengineFake, volcengineFakeAccessKey, volcengineFakeAppKey } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'volcengine',
  start: () => startVolcengineFake(),
  config: (fake) => ({
    appKey: volcengineFakeAppKey,
    accessKey: volcengineFakeAccessKey,
    endpoint: fake.baseUrl,
  }),
  badCredentialConfig: (fake) => ({
    appKey: volcengineFakeAppKey,
    accessKey: 'volc-revoked-access-0000',
    endpoint: fake.baseUrl,
  }),
  secrets: () => [volcengineFakeAppKey, volcengineFakeAccessKey],
};
