import type { StreamingFakeFixture } from '../streaming/streamingFake.ts';
import { sonioxFakeApiKey } from './server.ts';
import { startSonioxStreamingFake } from './streamingServer.ts';

export const streamingFixture: StreamingFakeFixture = {
  providerId: 'soniox',
  start: startSonioxStreamingFake,
  config: (fake) => ({ apiKey: sonioxFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'soniox-revoked-key-0000', endpoint: fake.baseUrl }),
  secrets: () => [sonioxFakeApiKey],
  sentLanguages: (connection) => {
    const config = connection.textMessages[0] as { language_hints?: unknown } | undefined;
    const hints = config?.language_hints;
    return Array.isArray(hints) ? hints.filter((hint): hint is string => typeof hint === 'string') : [];
  },
};
