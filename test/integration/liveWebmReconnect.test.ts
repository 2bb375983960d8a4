import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { captureFile } from '../../actors/capture/fileCapture.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { sonioxFakeApiKey } from '../fakes/soniox/server.ts';
import { startSonioxStreamingFake } from '../fakes/soniox/streamingServer.ts';
import { markedSentences, markedSpeech, markedText } from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { pcmWav } from '../fakes/wavAudio.ts';
import { storedWords } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * P01 takes WebM/Opus, which cannot be cut anywhere: after a drop, the new stream gets the
 * container header again and then the uncommitted clusters. Soniox's fake decodes what it receives
 * with ffmpeg, so this proves such a stream is readable and the session stays whole.
 */
const words = markedSentences(24);
let fake: StreamingFake;
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;
let wavPath: string;

beforeAll(async () => {
  fake = await startSonioxStreamingFake();
  directory = temporaryDirectory('live-webm');
  wavPath = join(directory.path, 'speech.wav');
  writeFileSync(wavPath, pcmWav(markedSpeech(words)));
  writeProviderConfig(directory.path, 'soniox', { apiKey: sonioxFakeApiKey, endpoint: fake.baseUrl });
  service = await startService({ dataDirectory: directory.path, port: 0, liveReconnectBackoffMs: 20 });
});
afterAll(async () => {
  await service.close();
  directory.remove();
  await fake.close();
});

it('replays the header and the uncommitted WebM clusters after a drop, losing and repeating nothing', async () => {
  fake.dropNextAfter(4000);
  const session = service.live.start({ provider: 'soniox' });
  expect(session.audioFormat).toBe('webm-opus');
  for await (const frame of captureFile({ path: wavPath, format: 'webm-opus', speed: Infinity })) {
    session.sendAudio(frame.bytes, frame.durationMs);
  }
  const ended = await session.stop();

  expect(ended.state).toBe('completed');
  expect(fake.connections.length).toBeGreaterThanOrEqual(2);
  const segments = service.store.getSegments(session.id);
  expect(storedWords(service.store, session.id)).toBe(markedText(words));
  for (const [index, segment] of segments.entries()) {
    expect(segment.startMs).toBeGreaterThanOrEqual(segments[index - 1]?.endMs ?? 0);
  }
});
