import type { StreamingFakeFixture } from '../streaming/streamingFake.ts';
import { gladiaFakeApiKey } from './server.ts';
import { gladiaSessionOf, startGladiaStreamingFake } from './streamingServer.ts';

export const streamingFixture: StreamingFakeFixture = {
  providerId: 'gladia',
  start: startGladiaStreamingFake,
  config: (fake) => ({ apiKey: gladiaFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'gladia-revoked-key-0000', endpoint: fake.baseUrl }),
  secrets: () => [gladiaFakeApiKey],
  // Gladia takes the languages in the session init, not on the WebSocket.
  sentLanguages: (connection) => gladiaSessionOf(connection)?.languages ?? [],
};
