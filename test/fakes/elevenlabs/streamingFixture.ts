import type { StreamingFakeFixture } from '../streaming/streamingFake.ts';
import { elevenLabsFakeApiKey } from './server.ts';
import { startElevenLabsStreamingFake } from './streamingServer.ts';

export const streamingFixture: StreamingFakeFixture = {
  providerId: 'elevenlabs',
  start: startElevenLabsStreamingFake,
  config: (fake) => ({ apiKey: elevenLabsFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'elevenlabs-revoked-key-0000', endpoint: fake.baseUrl }),
  secrets: () => [elevenLabsFakeApiKey],
  sentLanguages: (connection) => [connection.url.searchParams.get('language_code') ?? ''],
};
