import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { captureFile } from '../../actors/capture/fileCapture.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { fixture } from '../fakes/openai-compatible/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { markedSentences, markedSpeech, markedText } from '../fakes/streaming/markedSpeech.ts';
import { pcmWav, readWavInfo } from '../fakes/wavAudio.ts';
import { storedWords } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * P12 in its own input mode, WebM/Opus as a browser records it: the capture is decoded as it
 * arrives and every window goes out as a whole WAV, never as a WebM piece.
 */
const words = markedSentences(18);
let fake: ProviderFake;
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;
let wavPath: string;

beforeAll(async () => {
  fake = await fixture.start();
  directory = temporaryDirectory('live-windowed-webm');
  wavPath = join(directory.path, 'speech.wav');
  writeFileSync(wavPath, pcmWav(markedSpeech(words)));
  writeProviderConfig(directory.path, 'openai-compatible', fixture.config(fake));
  service = await startService({ dataDirectory: directory.path, port: 0 });
});
afterAll(async () => {
  await service.close();
  directory.remove();
  await fake.close();
});

it('decodes a WebM/Opus capture and transcribes it through WAV windows', async () => {
  const session = service.live.start({ provider: 'P12', audioFormat: 'webm-opus' });
  for await (const frame of captureFile({ path: wavPath, format: 'webm-opus', speed: 3 })) {
    session.sendAudio(frame.bytes, frame.durationMs);
  }
  const ended = await session.stop();

  expect(ended).toMatchObject({ state: 'completed', error: null });
  expect(storedWords(service.store, session.id)).toBe(markedText(words));
  const uploads = fake.requests.filter((request) => request.method === 'POST');
  expect(uploads.length).toBeGreaterThan(0);
  for (const upload of uploads) {
    const at = upload.body.indexOf('RIFF');
    expect(at).toBeGreaterThan(-1);
    expect(readWavInfo(upload.body.subarray(at))).toMatchObject({ sampleRate: 16_000, channels: 1 });
  }
});
