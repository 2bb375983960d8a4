import type { StreamingFakeFixture } from '../streaming/streamingFake.ts';
import { assemblyAiFakeApiKey } from './server.ts';
import { startAssemblyAiStreamingFake } from './streamingServer.ts';

// Universal Streaming takes no language setting for these models, so there is no sentLanguages.
export const streamingFixture: StreamingFakeFixture = {
  providerId: 'assemblyai',
  start: () => startAssemblyAiStreamingFake(),
  config: (fake) => ({ apiKey: assemblyAiFakeApiKey, endpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'aai-wrong-key-00000000', endpoint: fake.baseUrl }),
  secrets: () => [assemblyAiFakeApiKey],
};
