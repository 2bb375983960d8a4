import { type RunningService, startService } from '../../main/service.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/** The provider that talks to a local OpenAI-compatible server: P12. */
export const recogniserProvider = 'openai-compatible';

export interface ServiceOnRecogniser {
  service: RunningService;
  /** Stops the service and removes its data directory. */
  close: () => Promise<void>;
}

/**
 * A real Earshot service in this process, on a fresh data directory and any free port, with P12
 * configured for the recogniser at `baseUrl` (its model is named "pocketsphinx").
 */
export async function startServiceOnRecogniser(baseUrl: string): Promise<ServiceOnRecogniser> {
  const directory = temporaryDirectory('recogniser');
  try {
    writeProviderConfig(directory.path, recogniserProvider, { baseUrl, model: 'pocketsphinx' });
    const service = await startService({ dataDirectory: directory.path, port: 0 });
    return {
      service,
      close: async () => {
        await service.close();
        directory.remove();
      },
    };
  } catch (error) {
    directory.remove();
    throw error;
  }
}
