import { writeProviderConfig } from '../../store/providerSettings.ts';
import { type RunningService, type ServiceOptions, startService } from '../../main/service.ts';
import { deepgramFakeApiKey } from '../fakes/deepgram/server.ts';
import { startDeepgramStreamingFake } from '../fakes/deepgram/streamingServer.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { temporaryDirectory } from './temporaryDirectory.ts';

/** A real service on a fresh data directory, with Deepgram (P06) configured against its streaming fake. */
export interface DeepgramService {
  service: RunningService;
  fake: StreamingFake;
  dataDirectory: string;
  /** Stops the service and the fake and removes the data directory. */
  close: () => Promise<void>;
}

export async function startDeepgramService(
  name: string,
  options: Omit<ServiceOptions, 'dataDirectory' | 'port'> = {},
): Promise<DeepgramService> {
  const fake = await startDeepgramStreamingFake();
  const directory = temporaryDirectory(name);
  writeProviderConfig(directory.path, 'deepgram', { apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl });
  const service = await startService({ ...options, dataDirectory: directory.path, port: 0 });
  return {
    service,
    fake,
    dataDirectory: directory.path,
    close: async () => {
      await service.close();
      directory.remove();
      await fake.close();
    },
  };
}
