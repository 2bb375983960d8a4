import { afterEach, expect, it, vi } from 'vitest';
import { deepgramFakeApiKey } from '../../test/fakes/deepgram/server.ts';
import { startDeepgramStreamingFake } from '../../test/fakes/deepgram/streamingServer.ts';
import { definition as deepgram } from '../deepgram/definition.ts';
import type { LiveStream } from '../contract.ts';

afterEach(() => vi.useRealTimers());

it('starts no keepalive for a stream its consumer closed from inside `ready`', async () => {
  const fake = await startDeepgramStreamingFake();
  try {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let stream: LiveStream | undefined;
    const closedOnReady = new Promise<void>((resolve) => {
      stream = deepgram.live!.open({
        config: deepgram.configSchema.parse({ apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl }),
        languageHints: [],
        audioFormat: 'pcm16',
        onEvent: (event) => {
          if (event.type !== 'ready') return;
          stream?.close();
          resolve();
        },
      });
    });
    await closedOnReady;
    expect(vi.getTimerCount()).toBe(0);
  } finally {
    vi.useRealTimers();
    await fake.close();
  }
});
