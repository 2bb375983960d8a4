import type { StreamingFakeFixture } from '../streaming/streamingFake.ts';
import { volcengineFakeAccessKey, volcengineFakeAppKey } from './server.ts';
import { startVolcengineStreamingFake } from './streamingServer.ts';

export const streamingFixture: StreamingFakeFixture = {
  providerId: 'volcengine',
  start: startVolcengineStreamingFake,
  config: (fake) => ({
    appKey: volcengineFakeAppKey,
    accessKey: volcengineFakeAccessKey,
    endpoint: fake.baseUrl,
  }),
  badCredentialConfig: (fake) => ({
    appKey: volcengineFakeAppKey,
    accessKey: 'volc-revoked-access-0000',
    endpoint: fake.baseUrl,
  }),
  secrets: () => [volcengineFakeAppKey, volcengineFakeAccessKey],
};
