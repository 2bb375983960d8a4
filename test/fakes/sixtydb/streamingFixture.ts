import type { StreamingFakeFixture } from '../streaming/streamingFake.ts';
import { sixtyDbFakeApiKey } from './server.ts';
import { startLanguages, startSixtyDbStreamingFake } from './streamingServer.ts';

export const streamingFixture: StreamingFakeFixture = {
  providerId: 'sixtydb',
  start: () => startSixtyDbStreamingFake(),
  config: (fake) => ({ apiKey: sixtyDbFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'sk_live_wrong_00000000', endpoint: fake.baseUrl }),
  secrets: () => [sixtyDbFakeApiKey],
  sentLanguages: startLanguages,
};
