import type { StreamingFakeFixture } from '../streaming/streamingFake.ts';
import { mistralFakeApiKey } from './server.ts';
import { startMistralStreamingFake } from './streamingServer.ts';

export const streamingFixture: StreamingFakeFixture = {
  providerId: 'mistral',
  start: () => startMistralStreamingFake(),
  config: (fake) => ({ apiKey: mistralFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'mistral-revoked-key-0000', endpoint: fake.baseUrl }),
  secrets: () => [mistralFakeApiKey],
  sentLanguages: (connection) => [connection.url.searchParams.get('language') ?? ''],
};
