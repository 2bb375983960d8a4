import type { StreamingFakeFixture } from '../streaming/streamingFake.ts';
import { assemblyAiFakeApiKey } from './server.ts';
import { startAssemblyAiStreamingFake } from './streamingServer.ts';

// Universal Streaming takes no language setting for these models, so there is no sentLanguages.
export const streamingFixture: StreamingFakeFixture = {
  providerId: 'assemblyai',
  start: () => startAssemblyAiStreamingFake(),
  // Live audio goes to the streaming API's own address; `endpoint` is the REST API's.
  config: (fake) => ({ apiKey: assemblyAiFakeApiKey, streamingEndpoint: fake.baseUrl }),
  badCredentialConfig: (fake) => ({ apiKey: 'aai-wrong-key-00000000', streamingEndpoint: fake.baseUrl }),
  secrets: () => [assemblyAiFakeApiKey],
};
