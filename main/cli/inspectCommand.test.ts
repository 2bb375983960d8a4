import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectAppChannel } from '../../test/support/appChannelClient.ts';
import { deepgramFakeApiKey } from '../../test/fakes/deepgram/server.ts';
import { startDeepgramStreamingFake } from '../../test/fakes/deepgram/streamingServer.ts';
import type { StreamingFake } from '../../test/fakes/streaming/streamingFake.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { type RunningService, startService } from '../service.ts';
import { inspectCommand } from './inspectCommand.ts';
import { UsageError } from './usage.ts';

let directory: ReturnType<typeof temporaryDirectory>;
beforeEach(() => {
  directory = temporaryDirectory('inspect-command');
});
afterEach(() => {
  vi.restoreAllMocks();
  directory.remove();
});

/** What the command printed on stdout while running. */
async function printed(action: string, argument?: string, json = false): Promise<string> {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    await inspectCommand(directory.path, action, argument, json);
  } finally {
    vi.restoreAllMocks();
  }
  return lines.join('\n');
}

it('prints a machine from its definition, delays and guards included', async () => {
  const text = await printed('machines', 'whisperRuntime');
  expect(text).toMatch(/^whisperRuntime — .*\n {2}12 states, 22 transitions/);
  expect(text).toContain('    stopping (entry: terminateProcess)\n      terminating (initial)');
  expect(text).toContain('starting --after 20 s (readinessTimeout) / failReadinessTimeout--> stopping');
  expect(text).toContain('running --EXITED [isCrashLoop] / countCrash, failCrashLoop--> failed');
  expect(text).toContain('running --after 60 s (crashWindow) / forgetCrashes (stays)--> running');
});

it('prints every machine, and a machine as JSON', async () => {
  const all = await printed('machines');
  for (const name of [
    'sessionStatus',
    'fileJob',
    'whisperRuntime',
    'proxyConnection',
    'liveSession',
    'batchWindow',
  ]) {
    expect(all).toMatch(new RegExp(`^${name} — `, 'm'));
  }
  expect(all).toContain('connecting --STREAM_READY [stopRequested] / replayAudio--> stopping');
  expect(all).toContain('reconnecting --after reconnectBackoff--> connecting');
  const [description] = JSON.parse(await printed('machines', 'sessionStatus', true)) as [
    { states: unknown[] },
  ];
  expect(description.states).toHaveLength(3);
});

it('prints generated paths with the coverage line of npm run test:paths', async () => {
  const text = await printed('paths', 'sessionStatus');
  expect(text.split('\n')[0]).toBe('sessionStatus: states 3/3, transitions 6/6');
  expect(text).toContain('transition paths (6):');
  expect(text).toContain('  recording --FAIL--> interrupted --RESUME--> recording');
});

it('refuses what it cannot do with what to do instead', async () => {
  await expect(printed('machines', 'nope')).rejects.toThrow(
    /no machine "nope"; the machines are sessionStatus/,
  );
  await expect(printed('paths')).rejects.toThrow(UsageError);
  await expect(printed('frobnicate')).rejects.toThrow(/machines \[NAME\], paths NAME, actors, history/);
  await expect(printed('actors')).rejects.toThrow(/No Earshot service is running .*earshot serve/);
});

describe('against a running service', () => {
  let fake: StreamingFake;
  let service: RunningService;
  beforeEach(async () => {
    fake = await startDeepgramStreamingFake();
    writeProviderConfig(directory.path, 'deepgram', { apiKey: deepgramFakeApiKey, endpoint: fake.baseUrl });
    service = await startService({ dataDirectory: directory.path, port: 0 });
  });
  afterEach(async () => {
    await service.close();
    await fake.close();
  });

  it('lists the actors and prints one actor’s history', async () => {
    expect(await printed('actors')).toBe('No actor is running or kept yet.');
    const client = await connectAppChannel(service);
    client.socket.send(JSON.stringify({ type: 'live.start', provider: 'deepgram', title: 'From the CLI' }));
    const started = await client.next('live.started');
    if (started.type !== 'live.started') throw new Error('not started');
    client.socket.send(JSON.stringify({ type: 'live.stop' }));
    await client.next('live.ended');
    client.socket.close();

    const actors = await printed('actors');
    expect(actors).toContain(`liveSession:${started.sessionId}  completed (done `);
    expect(actors).toMatch(/proxyConnection:1 {2}\w+/);
    const history = await printed('history', `liveSession:${started.sessionId}`);
    expect(history).toMatch(/^\d\d:\d\d:\d\d\.\d{3} {2}#0 {2}xstate\.init → connecting/);
    expect(history).toMatch(/#\d+ {2}STREAM_FINISHED → completed\ncontext: \{/);
    await expect(printed('history', 'liveSession:missing')).rejects.toThrow(/No actor liveSession:missing/);
  });
});
