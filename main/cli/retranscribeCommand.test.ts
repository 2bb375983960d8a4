import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { providerBaseUrls, TranscriptionJobs } from '../../actors/fileJob/transcriptionJobs.ts';
import { createRetranscriptionControl } from '../../api/control/retranscriptionControl.ts';
import { createTranscriptionControl } from '../../api/control/transcriptionControl.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { configuredLocalServer } from '../../test/support/configuredLocalServer.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { serveControlRoutes } from '../../test/support/controlRoutesService.ts';
import { writeSessionAudioParts } from '../../test/support/sessionAudioParts.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { clockTime } from './clockTime.ts';
import { retranscribeCommand, retranscribeRequest } from './retranscribeCommand.ts';
import { UsageError } from './usage.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let fake: ProviderFake;
let store: SessionStore;
let jobs: TranscriptionJobs;
let stopService: () => Promise<void>;
let sessionId: string;
let stdout: string[];
let stderr: string[];

beforeEach(async () => {
  directory = temporaryDirectory('retranscribe-command');
  fake = await configuredLocalServer(directory.path);
  store = SessionStore.open(directory.path);
  jobs = new TranscriptionJobs({ store, dataDirectory: directory.path, resolveBaseUrl: providerBaseUrls() });
  const { id } = store.createSession({ title: 'Standup', providerId: 'groq' });
  store.appendSegment(id, { text: 'good morning everyone', startMs: 0, endMs: 1_500 });
  store.setSessionStatus(id, 'interrupted');
  writeSessionAudioParts(directory.path, id, [4]);
  sessionId = id;
  stopService = await serveControlRoutes(
    directory.path,
    new Hono()
      .route('/', createRetranscriptionControl({ store, jobs }))
      .route('/', createTranscriptionControl(jobs, directory.path)),
  );
  stdout = [];
  stderr = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => Boolean(stdout.push(String(text))));
  vi.spyOn(process.stderr, 'write').mockImplementation((text) => Boolean(stderr.push(String(text))));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await stopService();
  await jobs.close();
  store.close();
  await fake.close();
  directory.remove();
});

describe('earshot retranscribe', () => {
  it('prints the new transcript of the gap, proposed, then keeps it', async () => {
    await retranscribeCommand(directory.path, sessionId, { provider: 'P12', gapsOnly: true });
    const [version] = store.getTranscriptVersions(sessionId);
    expect(version?.state).toBe('proposed');
    const lines = stdout.join('').trimEnd().split('\n');
    expect(lines).toEqual(
      version?.segments.map((segment) => `[${clockTime(segment.startMs)}] ${segment.text}`),
    );
    expect(stderr.join('')).toContain(
      `Proposed; the transcript is unchanged. Keep it: earshot retranscribe ${sessionId} --keep; discard it: earshot retranscribe ${sessionId} --discard`,
    );
    expect(store.getTranscript(sessionId)).toBe('good morning everyone');

    await retranscribeCommand(directory.path, sessionId, { keep: true });
    expect(stderr.join('')).toContain(
      `Kept the new transcript: it is session ${sessionId}'s transcript now.`,
    );
    expect(store.getSegments(sessionId).map((segment) => segment.text)).toEqual([
      'good morning everyone',
      ...(version?.segments.map((segment) => segment.text) ?? []),
    ]);
  });

  it('says what the service refused, and changes nothing', async () => {
    await expect(retranscribeCommand(directory.path, sessionId, { provider: 'deepgram' })).rejects.toThrow(
      /Deepgram Nova is not configured: apiKey is required/,
    );
    await expect(retranscribeCommand(directory.path, sessionId, { discard: true })).rejects.toThrow(
      /has no proposed transcript to keep or discard/,
    );
    expect(store.getTranscriptVersions(sessionId)).toEqual([]);
  });

  it('refuses a command line it cannot run before asking the service', () => {
    expect(() => retranscribeRequest(undefined, { provider: 'P12' })).toThrow(UsageError);
    expect(() => retranscribeRequest('s', {})).toThrow(/Name the provider to transcribe with/);
    expect(() => retranscribeRequest('s', { keep: true, discard: true })).toThrow(/Choose one/);
    expect(() => retranscribeRequest('s', { discard: true, provider: 'P12' })).toThrow(
      /leave out --provider/,
    );
    expect(retranscribeRequest('s', { keep: true })).toEqual({ sessionId: 's', decision: 'keep' });
    expect(retranscribeRequest('s', { provider: ' P12 ', keep: true })).toEqual({
      sessionId: 's',
      provider: 'P12',
      gapsOnly: false,
      keep: true,
    });
  });
});
