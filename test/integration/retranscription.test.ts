import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { providerBaseUrls, TranscriptionJobs } from '../../actors/fileJob/transcriptionJobs.ts';
import { changeSessionStatus } from '../../actors/sessionStatusChange.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { configuredLocalServer } from '../support/configuredLocalServer.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { writeSessionAudioParts } from '../support/sessionAudioParts.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * A session transcribed again from its recorded audio by the OpenAI-compatible provider (P12)
 * against its fake, which answers the canned words of the audio's length: the new transcript waits
 * as a proposal, replaces the old one only when kept, and a gaps-only run fills the hole an
 * interruption left, at its time among the old segments.
 */
let directory: ReturnType<typeof temporaryDirectory>;
let fake: ProviderFake;
const stores: SessionStore[] = [];
const services: TranscriptionJobs[] = [];

beforeEach(async () => {
  directory = temporaryDirectory('retranscription');
  fake = await configuredLocalServer(directory.path);
});
afterEach(async () => {
  for (const jobs of services.splice(0)) await jobs.close();
  for (const store of stores.splice(0)) store.close();
  await fake.close();
  directory.remove();
});

function service() {
  const store = SessionStore.open(directory.path);
  stores.push(store);
  const jobs = new TranscriptionJobs({
    store,
    dataDirectory: directory.path,
    resolveBaseUrl: providerBaseUrls(),
  });
  services.push(jobs);
  return { store, jobs };
}

/** A session cut off by an interruption and resumed: part 1 (6 s) transcribed to 2 s, part 2 (4 s) in full. */
function interruptedSession(store: SessionStore): string {
  const { id } = store.createSession({ title: 'Standup', providerId: 'groq' });
  store.appendSegment(id, { text: 'good morning everyone', startMs: 0, endMs: 2_000 });
  store.appendSegment(id, { text: 'that was the budget', startMs: 6_200, endMs: 9_600 });
  store.setSessionStatus(id, 'interrupted');
  writeSessionAudioParts(directory.path, id, [6, 4]);
  return id;
}

const texts = (store: SessionStore, id: string) => store.getSegments(id).map((segment) => segment.text);

describe('re-transcription', () => {
  it('proposes a whole new transcript that replaces the old one only when kept, the old one kept as superseded', async () => {
    const { store, jobs } = service();
    const id = interruptedSession(store);
    const { job, version } = await jobs.retranscribe({ sessionId: id, provider: 'P12' });
    expect(store.getTranscriptVersion(version.id)).toMatchObject({ state: 'pending', scope: 'whole' });
    expect(await job.finished).toMatchObject({
      state: 'completed',
      sessionId: id,
      providerId: 'openai-compatible',
    });

    const proposed = store.getTranscriptVersion(version.id);
    expect(proposed?.state).toBe('proposed');
    const expected = proposed?.segments.map((segment) => segment.text) ?? [];
    // What the fake heard in the 10 s of audio, sent whole: its sentences, in the audio's times.
    expect(fake.requests).toHaveLength(1);
    expect(expected.length).toBeGreaterThan(1);
    expect(proposed?.segments.at(-1)?.endMs).toBeLessThanOrEqual(10_100);
    const newWord = expected[0]?.split(' ')[0] ?? '';
    // Proposed only: the transcript and the word search are as they were.
    expect(texts(store, id)).toEqual(['good morning everyone', 'that was the budget']);
    expect(store.listSessions({ words: newWord, limit: 10, offset: 0 }).total).toBe(0);

    // The provider timed the words: they are kept with the version, then with the transcript.
    expect(proposed?.segments[0]?.words?.length).toBeGreaterThan(0);

    store.keepTranscriptVersion(id);
    expect(texts(store, id)).toEqual(expected);
    expect(store.getSegments(id).map((segment) => segment.words)).toEqual(
      proposed?.segments.map((segment) => segment.words),
    );
    expect(store.getTranscript(id)).toBe(expected.join(' '));
    expect(store.getSession(id)).toMatchObject({ providerId: 'openai-compatible', status: 'interrupted' });
    // Both word indexes follow the kept transcript.
    expect(store.listSessions({ words: newWord, limit: 10, offset: 0 }).total).toBe(1);
    expect(store.listSessions({ words: 'morning', limit: 10, offset: 0 }).total).toBe(0);
    expect(store.listSessions({ search: newWord, limit: 10, offset: 0 }).total).toBe(1);
    expect(store.listSessions({ search: 'budget', limit: 10, offset: 0 }).total).toBe(0);
    const versions = store.getTranscriptVersions(id);
    expect(versions.map((listed) => listed.state).sort()).toEqual(['kept', 'superseded']);
    expect(
      versions.find((listed) => listed.state === 'superseded')?.segments.map((segment) => segment.text),
    ).toEqual(['good morning everyone', 'that was the budget']);
  });

  it('discards a proposal, leaving the transcript as it was', async () => {
    const { store, jobs } = service();
    const id = interruptedSession(store);
    const { job, version } = await jobs.retranscribe({ sessionId: id, provider: 'openai-compatible' });
    await job.finished;
    store.discardTranscriptVersion(id);
    expect(store.getTranscriptVersion(version.id)).toMatchObject({ state: 'discarded', segments: [] });
    expect(texts(store, id)).toEqual(['good morning everyone', 'that was the budget']);
    expect(() => store.keepTranscriptVersion(id)).toThrow(/no proposed transcript/);
  });

  it('fills only the gap an interruption left, placed at its time among the old segments; the session can then be completed', async () => {
    const { store, jobs } = service();
    const id = interruptedSession(store);
    const { job, version } = await jobs.retranscribe({
      sessionId: id,
      provider: 'P12',
      gapsOnly: true,
      keep: true,
    });
    // Part 1 holds 6 s (and Opus's few ms of padding), transcribed to 2 s; part 2's last 0.4 s is
    // too short to count.
    expect(version.scope).toBe('gaps');
    expect(version.ranges).toHaveLength(1);
    const [gap] = version.ranges;
    expect(gap?.startMs).toBe(2_000);
    expect(gap?.endMs).toBeGreaterThanOrEqual(6_000);
    expect(gap?.endMs).toBeLessThan(6_050);
    await job.finished;

    const kept = store.getTranscriptVersion(version.id);
    expect(kept?.state).toBe('kept');
    const filled = kept?.segments ?? [];
    expect(filled.length).toBeGreaterThan(0);
    // The fake was sent the gap only, once.
    expect(fake.requests).toHaveLength(1);
    const segments = store.getSegments(id);
    expect(segments.map((segment) => segment.text)).toEqual([
      'good morning everyone',
      ...filled.map((segment) => segment.text),
      'that was the budget',
    ]);
    expect(segments.map((segment) => segment.seq)).toEqual(segments.map((_, index) => index));
    for (const segment of filled) {
      expect(segment.startMs).toBeGreaterThanOrEqual(2_000);
      expect(segment.endMs).toBeLessThanOrEqual(gap?.endMs ?? 0);
    }
    expect(changeSessionStatus(store, id, { type: 'FINALIZE' }).status).toBe('completed');
  });

  it('goes on after a restart of the service mid-job, into the same pending version', async () => {
    const first = service();
    const id = interruptedSession(first.store);
    fake.holdJobs(true);
    const { job, version } = await first.jobs.retranscribe({
      sessionId: id,
      provider: 'P12',
      gapsOnly: true,
    });
    await until(() => fake.requests.length === 1);
    // As a kill leaves it: the job's row says running; the next start opens the data directory afresh.
    await first.jobs.close();
    fake.holdJobs(false);

    const restarted = service();
    const [resumed] = restarted.jobs.resumeUnfinished();
    expect(resumed?.id).toBe(job.id);
    expect(await resumed?.finished).toMatchObject({ state: 'completed', resumeCount: 1 });
    const proposal = restarted.store.getTranscriptVersion(version.id);
    expect(proposal?.state).toBe('proposed');
    expect(proposal?.segments.length).toBeGreaterThan(0);
    expect(proposal?.segments[0]?.startMs).toBeGreaterThanOrEqual(2_000);
    // The chunk in flight at the restart was sent again, once: its text is in the version once.
    expect(fake.requests).toHaveLength(2);
  });

  it('refuses what it cannot do, saying what to do, and changes nothing', async () => {
    const { store, jobs } = service();
    const id = interruptedSession(store);
    const refusal = (request: Parameters<TranscriptionJobs['retranscribe']>[0]) =>
      jobs.retranscribe(request).then(
        () => 'started',
        (error: Error & { code?: string }) => `${error.code}: ${error.message}`,
      );
    expect(await refusal({ sessionId: id, provider: 'nope' })).toMatch(
      /^invalid_request: There is no provider "nope"/,
    );
    expect(await refusal({ sessionId: id, provider: 'deepgram' })).toMatch(
      /^invalid_config: P06 Deepgram Nova is not configured: apiKey is required/,
    );
    expect(await refusal({ sessionId: 'missing', provider: 'P12' })).toMatch(/^session_not_found/);
    const { id: silent } = store.createSession({ title: 'No audio', providerId: 'groq' });
    expect(await refusal({ sessionId: silent, provider: 'P12' })).toMatch(/^session_recording/);
    store.setSessionStatus(silent, 'completed');
    expect(await refusal({ sessionId: silent, provider: 'P12' })).toMatch(
      /^audio_not_found: Session .* has no recorded audio/,
    );
    expect(store.getTranscriptVersions(id)).toEqual([]);
    expect(store.getTranscriptVersions(silent)).toEqual([]);
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 1000 && !condition(); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
}
