import type { StreamingFakeFixture } from '../streaming/streamingFake.ts';
import { deepgramFakeApiKey } from './server.ts';
import { startDeepgramStreamingFake } from './streamingServer.ts';

export const streamingFixture: StreamingFakeFixture = {
  providerId: 'deepgram',
  start: startDeepgramStreamingFake,
  config: (fake) => ({ apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'dg-wrong-key-0000000000', endpoint: fake.baseUrl }),
  secrets: () => [deepgramFakeApiKey],
  sentLanguages: (connection) => [connection.url.searchParams.get('language') ?? ''],
};
