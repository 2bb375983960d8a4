import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { deepgramFakeApiKey } from '../fakes/deepgram/server.ts';
import { startDeepgramStreamingFake } from '../fakes/deepgram/streamingServer.ts';
import { sonioxFakeApiKey } from '../fakes/soniox/server.ts';
import { startSonioxStreamingFake } from '../fakes/soniox/streamingServer.ts';
import { markedSentences, markedSpeech, markedText } from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { pcmWav } from '../fakes/wavAudio.ts';
import { normalisedWords } from '../conformance/liveStreams.ts';
import { runEarshotAsync, startServeProcess } from '../support/earshotProcess.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { unconfiguredRuntimeMessage } from '../support/unconfiguredRuntime.ts';

/** `earshot live` as a user runs it: a real file, ffmpeg capture, the proxy, a fake Deepgram. */
const words = markedSentences(18);
let fake: StreamingFake;
let directory: ReturnType<typeof temporaryDirectory>;
let wavPath: string;

beforeAll(async () => {
  fake = await startDeepgramStreamingFake();
  directory = temporaryDirectory('live-cli');
  wavPath = join(directory.path, 'meeting.wav');
  writeFileSync(wavPath, pcmWav(markedSpeech(words)));
});
afterAll(async () => {
  directory.remove();
  await fake.close();
});

function dataDirectoryWithDeepgram(name: string, apiKey = deepgramFakeApiKey): string {
  const dataDirectory = join(directory.path, name);
  writeProviderConfig(dataDirectory, 'deepgram', { apiKey, endpoint: fake.baseUrl });
  return dataDirectory;
}

/** `earshot live` playing the test file at 8× into the given data directory. */
function playFile(provider: string, dataDirectory: string, extra: string[] = []) {
  return runEarshotAsync([
    'live',
    '--provider',
    provider,
    '--from',
    wavPath,
    '--speed',
    '8',
    '--data-dir',
    dataDirectory,
    ...extra,
  ]);
}

function storedSessions(dataDirectory: string) {
  const store = SessionStore.open(dataDirectory, { readOnly: true });
  try {
    return store.listSessions({ limit: 10, offset: 0 }).sessions.map((session) => ({
      ...session,
      transcript: store.getTranscript(session.id),
    }));
  } finally {
    store.close();
  }
}

describe('earshot live', () => {
  it('runs a whole session in-process: every final on stdout, the session completed, exit 0', async () => {
    const dataDirectory = dataDirectoryWithDeepgram('in-process');
    const result = await playFile('P06', dataDirectory, ['--title', 'Planning']);
    expect(result.stderr).toMatch(/Saved as session .* \(completed\)/);
    expect(result.status).toBe(0);
    expect(normalisedWords(result.stdout)).toBe(markedText(words));
    const [session] = storedSessions(dataDirectory);
    expect(session).toMatchObject({ title: 'Planning', status: 'completed' });
    expect(normalisedWords(session?.transcript ?? '')).toBe(markedText(words));
  });

  it('streams P01 directly as WebM/Opus, with token events grouped into stored sentences', async () => {
    const soniox = await startSonioxStreamingFake();
    try {
      const dataDirectory = join(directory.path, 'soniox');
      writeProviderConfig(dataDirectory, 'soniox', { apiKey: sonioxFakeApiKey, endpoint: soniox.baseUrl });
      const result = await playFile('P01', dataDirectory);
      expect(result.stderr).toMatch(/\(completed\)/);
      expect(result.status).toBe(0);
      // The fake decodes the WebM it receives with ffmpeg: the words survive Opus.
      expect(normalisedWords(result.stdout)).toBe(markedText(words));
      const config = soniox.connections[0]?.textMessages[0] as { audio_format?: string; api_key?: string };
      expect(config.audio_format).toBe('auto');
      expect(soniox.connections[0]?.url.search).toBe('');
      const [session] = storedSessions(dataDirectory);
      expect(session?.status).toBe('completed');
      expect(normalisedWords(session?.transcript ?? '')).toBe(markedText(words));
    } finally {
      await soniox.close();
    }
  });

  it('runs through the running service when there is one', async () => {
    const dataDirectory = dataDirectoryWithDeepgram('served');
    const serve = await startServeProcess(['--data-dir', dataDirectory, '--port', '0']);
    try {
      const result = await playFile('deepgram', dataDirectory);
      expect(result.status).toBe(0);
      expect(normalisedWords(result.stdout)).toBe(markedText(words));
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
    expect(storedSessions(dataDirectory)[0]?.status).toBe('completed');
  });

  it('exits non-zero with the reason when the provider refuses the key', async () => {
    const dataDirectory = dataDirectoryWithDeepgram('refused', 'dg-wrong-key-1234567');
    const result = await playFile('deepgram', dataDirectory);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/HTTP 401/);
    expect(result.stderr).not.toContain('dg-wrong-key-1234567');
    expect(storedSessions(dataDirectory)[0]?.status).toBe('interrupted');
  });

  it('refuses bad arguments without touching anything', async () => {
    const dataDirectory = dataDirectoryWithDeepgram('arguments');
    const missing = await runEarshotAsync(['live', '--provider', 'deepgram', '--data-dir', dataDirectory]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--from FILE/);
    const speed = await runEarshotAsync([
      'live',
      '--provider',
      'deepgram',
      '--from',
      wavPath,
      '--speed',
      'fast',
      '--data-dir',
      dataDirectory,
    ]);
    expect(speed.status).toBe(2);
    const unconfigured = await runEarshotAsync([
      'live',
      '--provider',
      'P14',
      '--from',
      wavPath,
      '--data-dir',
      dataDirectory,
    ]);
    expect(unconfigured.status).toBe(1);
    expect(unconfigured.stderr).toContain(unconfiguredRuntimeMessage);
    expect(storedSessions(dataDirectory)).toEqual([]);
  });
});
