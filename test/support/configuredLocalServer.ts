import { writeProviderConfig } from '../../store/providerSettings.ts';
import { defaultInstalledModel, startOpenAiCompatibleFake } from '../fakes/openai-compatible/server.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';

/** The OpenAI-compatible server's fake (P12), started, and set up as P12 in `dataDirectory`. */
export async function configuredLocalServer(dataDirectory: string): Promise<ProviderFake> {
  const fake = await startOpenAiCompatibleFake();
  writeProviderConfig(dataDirectory, 'openai-compatible', {
    baseUrl: fake.baseUrl,
    model: defaultInstalledModel,
  });
  return fake;
}
