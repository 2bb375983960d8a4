import { expect, it } from 'vitest';
import { closedPort } from '../../test/support/closedPort.ts';
import type { LiveEvent } from '../contract.ts';
import { definition as deepgram } from '../deepgram/definition.ts';

it('reports a vendor address where nothing listens as unreachable, naming it, at once', async () => {
  const endpoint = `http://127.0.0.1:${await closedPort()}`;
  const started = performance.now();
  const event = await new Promise<LiveEvent>((resolve) => {
    deepgram.live!.open({
      config: deepgram.configSchema.parse({ apiKey: 'dg-secret-value-1234', endpoint }),
      languageHints: [],
      audioFormat: 'pcm16',
      onEvent: resolve,
    });
  });
  expect(performance.now() - started).toBeLessThan(2_000);
  expect(event).toEqual({
    type: 'error',
    code: 'unreachable',
    permanent: false,
    message: `Cannot reach Deepgram at ${endpoint.replace('http', 'ws')} (connection refused).`,
  });
});
