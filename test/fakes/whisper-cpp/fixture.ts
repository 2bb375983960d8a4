import type { ProviderFakeFixture } from '../providerFakeFixture.ts';
import { startWhisperCppFake } from './server.ts';

export const fixture: ProviderFakeFixture = {
  providerId: 'whisper-cpp',
  start: startWhisperCppFake,
  // The model is loaded by the runtime, not sent per request; the path only has to validate. The
  // suite uploads digital silence, which the silence gate would rightly never send.
  config: () => ({ modelPath: '/models/ggml-tiny.en.bin', skipSilence: false }),
  secrets: () => [],
};
