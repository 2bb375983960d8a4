import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { cloudflareFakeAccountId, cloudflareFakeApiToken, startCloudflareFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'cloudflare',
  start: startCloudflareFake,
  config: (fake) => ({
    apiToken: cloudflareFakeApiToken,
    accountId: cloudflareFakeAccountId,
    endpoint: fake.baseUrl,
  }),
  badCredentialConfig: (fake) => ({
    apiToken: 'cf-wrong-token-000000000',
    accountId: cloudflareFakeAccountId,
    endpoint: fake.baseUrl,
  }),
  secrets: () => [cloudflareFakeApiToken, cloudflareFakeAccountId],
};
