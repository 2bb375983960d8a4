import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { startFunasrFake } from './server.ts';

// The FunASR server has no authentication, so there is no refused credential to try.
export const fixture: ProviderFakeFixture = {
  providerId: 'funasr',
  start: () => startFunasrFake(),
  config: (fake) => ({ baseUrl: fake.baseUrl }),
  secrets: () => [],
};
