import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileJob, type FileJobInput, type FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { ProviderError } from '../../providers/http/providerError.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { vocabularyValueId } from '../../store/vocabulary.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { aborted, fixtureAudio, testProvider, type TestProvider } from './fileTranscriptionSupport.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('file-job');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

const jfk = fixtureAudio('jfk.wav');
const jfkDurationMs = 11_000;

function startJob(provider: TestProvider, overrides: Partial<FileJobInput> = {}) {
  const baseUrls: unknown[] = [];
  const job = createFileJob({
    path: jfk,
    definition: provider,
    rawConfig: { apiKey: 'test-key-1234' },
    store,
    resolveBaseUrl: (_definition, config) => {
      baseUrls.push(config);
      return Promise.resolve('http://127.0.0.1:9/resolved');
    },
    ...overrides,
  });
  const statuses: FileJobStatus[] = [];
  job.subscribe((status) => statuses.push(status));
  job.start();
  return { job, statuses, baseUrls };
}

describe('file job: chunking and timestamps', () => {
  it('keeps timestamps continuous across chunks when the provider takes at most 3 s per request', async () => {
    const provider = testProvider({ fileLimits: { maxDurationMs: 3_000 } });
    const { job } = startJob(provider);
    const final = await job.finished;

    expect(final).toMatchObject({ state: 'completed', progress: 1, error: null, title: 'jfk.wav' });
    expect(provider.seen.length).toBeGreaterThanOrEqual(4);
    expect(final.chunkCount).toBe(provider.seen.length);
    for (const chunk of provider.seen.slice(0, -1)) {
      // Cut at the quietest point of the last quarter before the limit, never past it.
      expect(chunk.request.durationMs).toBeLessThanOrEqual(3_000);
      expect(chunk.request.durationMs).toBeGreaterThanOrEqual(2_250);
    }

    const segments = store.getSegments(job.sessionId);
    expect(segments.map((segment) => segment.text)).toEqual(
      provider.seen.map((_, index) => `chunk ${index}`),
    );
    expect(segments[0]?.startMs).toBe(0);
    segments.slice(1).forEach((segment, index) => expect(segment.startMs).toBe(segments[index]?.endMs));
    expect(segments.at(-1)?.endMs).toBe(jfkDurationMs);
    expect(store.getSession(job.sessionId)).toMatchObject({
      status: 'completed',
      title: 'jfk.wav',
      providerId: 'groq',
      durationMs: jfkDurationMs,
    });
  });

  it("moves each segment's words by its chunk's start as it moves the segment, clamped to the chunk", async () => {
    const provider = testProvider({
      fileLimits: { maxDurationMs: 3_000 },
      answer: (request) =>
        Promise.resolve({
          segments: [
            {
              text: 'Ask not.',
              startMs: 100,
              endMs: request.durationMs + 500,
              speaker: 'A',
              words: [
                { text: 'Ask', startMs: 100, endMs: 400.4, speaker: 'A', confidence: 0.9 },
                { text: 'not.', startMs: 450, endMs: request.durationMs + 500 },
              ],
            },
          ],
        }),
    });
    const { job } = startJob(provider);
    await job.finished;
    const chunkStarts = provider.seen.map((_, index) =>
      provider.seen.slice(0, index).reduce((sum, chunk) => sum + chunk.request.durationMs, 0),
    );
    expect(chunkStarts.length).toBeGreaterThanOrEqual(4);
    expect(store.getSegments(job.sessionId).map((segment) => segment.words)).toEqual(
      chunkStarts.map((chunkStartMs, index) => {
        const chunkEndMs = chunkStartMs + (provider.seen[index]?.request.durationMs ?? 0);
        const at = (ms: number) => Math.min(chunkEndMs, chunkStartMs + ms);
        return [
          {
            text: 'Ask',
            startMs: at(100),
            endMs: at(400),
            speaker: 'A',
            confidence: 0.9,
          },
          { text: 'not.', startMs: at(450), endMs: chunkEndMs, speaker: 'A' },
        ];
      }),
    );
  });

  it('loses and reorders no sample: the chunks put back together are the original audio', async () => {
    const provider = testProvider({ fileLimits: { maxDurationMs: 2_000 } });
    await startJob(provider).job.finished;
    const file = readFileSync(jfk);
    const original = file.subarray(file.indexOf('data') + 8);
    expect(original).toHaveLength(jfkDurationMs * 32);
    expect(Buffer.concat(provider.seen.map((chunk) => chunk.data)).equals(original)).toBe(true);
  });

  it('keeps every chunk within maxBytes, header included, each a complete WAV', async () => {
    const maxBytes = 40_044;
    const provider = testProvider({ fileLimits: { maxBytes } });
    const final = await startJob(provider, { path: fixtureAudio('zh-16k.wav') }).job.finished;
    expect(final.state).toBe('completed');
    expect(provider.seen.length).toBeGreaterThanOrEqual(6);
    for (const chunk of provider.seen) {
      expect(chunk.fileBytes).toBeLessThanOrEqual(maxBytes);
      expect(chunk.request.wavBytes).toBe(chunk.fileBytes);
      expect(chunk.declaredDataBytes).toBe(chunk.fileBytes - 44);
      expect(chunk.wav).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16 });
      // The job's whole-millisecond bounds may round the other way than the sample count.
      expect(Math.abs((chunk.wav?.durationMs ?? 0) - chunk.request.durationMs)).toBeLessThanOrEqual(1);
    }
  });

  it('sends a short file whole, with the language hint, to the resolved base URL with the validated config', async () => {
    const provider = testProvider();
    const { job, baseUrls } = startJob(provider, { language: 'en', title: 'Inaugural address' });
    const final = await job.finished;
    expect(final).toMatchObject({ state: 'completed', language: 'en', title: 'Inaugural address' });
    expect(provider.seen).toHaveLength(1);
    expect(provider.seen[0]?.request).toMatchObject({
      languageHints: ['en'],
      baseUrl: 'http://127.0.0.1:9/resolved',
      config: { apiKey: 'test-key-1234', languageHints: [] },
      durationMs: jfkDurationMs,
    });
    expect(baseUrls).toEqual([{ apiKey: 'test-key-1234', languageHints: [] }]);
    expect(store.getSession(job.sessionId)?.title).toBe('Inaugural address');
  });

  it('uses the language hints of the provider settings unless the job names a language', async () => {
    const rawConfig = { apiKey: 'test-key-1234', languageHints: ['DE', 'en'] };
    const configured = testProvider();
    await startJob(configured, { rawConfig }).job.finished;
    expect(configured.seen[0]?.request.languageHints).toEqual(['de', 'en']);
    const named = testProvider();
    await startJob(named, { rawConfig, language: 'fr' }).job.finished;
    expect(named.seen[0]?.request.languageHints).toEqual(['fr']);
  });

  it('sends every chunk the custom vocabulary as it is when the chunk is sent', async () => {
    store.setSetting(vocabularyValueId, JSON.stringify({ terms: ['Earshot'] }));
    const provider = testProvider({
      fileLimits: { maxDurationMs: 6_000 },
      answer: (request) => {
        store.setSetting(vocabularyValueId, JSON.stringify({ terms: ['Earshot', 'Kennedy'] }));
        return Promise.resolve({ segments: [{ text: 'said', startMs: 0, endMs: request.durationMs }] });
      },
    });
    await startJob(provider).job.finished;
    const sent = provider.seen.map((chunk) => chunk.request.vocabulary);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent).toEqual([['Earshot'], ...sent.slice(1).map(() => ['Earshot', 'Kennedy'])]);
  });

  it('holds a lease on the managed runtime for the whole job, released once at the end', async () => {
    const events: string[] = [];
    const provider = testProvider({
      fileLimits: { maxDurationMs: 4_000 },
      answer: (request, index) => {
        events.push(`chunk ${index} via ${request.baseUrl}`);
        return Promise.resolve({ segments: [] });
      },
    });
    const { job } = startJob(provider, {
      resolveBaseUrl: () => {
        events.push('acquire');
        const release = () => {
          events.push('release');
          return Promise.resolve();
        };
        return Promise.resolve({ baseUrl: 'http://127.0.0.1:9/runtime', release });
      },
    });
    expect((await job.finished).state).toBe('completed');
    expect(provider.seen.length).toBeGreaterThan(1);
    expect(events).toEqual([
      'acquire',
      ...provider.seen.map((_, index) => `chunk ${index} via http://127.0.0.1:9/runtime`),
      'release',
    ]);
  });

  it('places segments by the chunk they came from, inside it, and drops empty ones', async () => {
    const provider = testProvider({
      fileLimits: { maxDurationMs: 8_000 },
      answer: (request) =>
        Promise.resolve({
          language: 'en',
          segments: [
            { text: '  ', startMs: 0, endMs: 100 },
            { text: 'early', startMs: -50, endMs: 400.4 },
            { text: 'late', startMs: 1_000, endMs: request.durationMs + 5_000, speaker: 'S1' },
          ],
        }),
    });
    const { job } = startJob(provider);
    await job.finished;
    const second = provider.seen[1]?.request;
    const firstDuration = provider.seen[0]?.request.durationMs ?? 0;
    expect(second).toBeDefined();
    expect(store.getSegments(job.sessionId)).toEqual([
      { seq: 0, text: 'early', startMs: 0, endMs: 400, speaker: null, language: 'en' },
      { seq: 1, text: 'late', startMs: 1_000, endMs: firstDuration, speaker: 'S1', language: 'en' },
      {
        seq: 2,
        text: 'early',
        startMs: firstDuration,
        endMs: firstDuration + 400,
        speaker: null,
        language: 'en',
      },
      {
        seq: 3,
        text: 'late',
        startMs: firstDuration + 1_000,
        endMs: jfkDurationMs,
        speaker: 'S1',
        language: 'en',
      },
    ]);
  });
});

describe('file job: progress and events', () => {
  it('reports real, never-decreasing progress through every step', async () => {
    const provider = testProvider({ fileLimits: { maxDurationMs: 4_000 } });
    const { job, statuses } = startJob(provider);
    await job.finished;
    const progress = statuses.map((status) => status.progress);
    progress.slice(1).forEach((value, index) => expect(value).toBeGreaterThanOrEqual(progress[index] ?? 0));
    expect(progress.at(-1)).toBe(1);
    const states = [...new Set(statuses.map((status) => status.state))];
    expect(states).toEqual([
      'preparing',
      'opening',
      'uploading',
      'processing',
      'saving',
      'finishing',
      'completed',
    ]);
    // Each chunk reports its own upload, so the chunk index moves while the bar fills.
    expect(provider.seen.length).toBeGreaterThanOrEqual(3);
    const uploads = statuses.filter((status) => status.state === 'uploading');
    expect(new Set(uploads.map((status) => status.chunkIndex))).toEqual(
      new Set(provider.seen.map((_, index) => index)),
    );
    expect(uploads.every((status) => status.chunkCount === provider.seen.length)).toBe(true);
    const [first, second] = provider.seen.map((chunk) => chunk.request.durationMs / jfkDurationMs);
    const secondChunk = uploads.filter((status) => status.chunkIndex === 1).map((status) => status.progress);
    expect(Math.min(...secondChunk)).toBeGreaterThanOrEqual(0.1 + 0.9 * (first ?? 0));
    expect(Math.max(...secondChunk)).toBeLessThan(0.1 + 0.9 * ((first ?? 0) + (second ?? 0)));
  });
});

describe('file job: failures', () => {
  it('fails at once, naming the provider and the missing field, when the credentials are missing', async () => {
    const provider = testProvider();
    const baseUrlCalls: unknown[] = [];
    const { job, statuses } = startJob(provider, {
      rawConfig: { endpoint: 'not a url' },
      path: '/no/such/file.wav',
      resolveBaseUrl: (definition) => {
        baseUrlCalls.push(definition);
        return Promise.resolve('http://127.0.0.1:9');
      },
    });
    const final = await job.finished;
    expect(final.state).toBe('failed');
    expect(final.error).toBe(
      'P11 Test Vendor is not configured: apiKey is required; endpoint must be an http(s) or ws(s) URL. ' +
        'Set them with: earshot providers set groq apiKey=… endpoint=…',
    );
    expect(statuses.map((status) => status.state)).toEqual(['preparing', 'failing', 'failed']);
    expect(provider.seen).toEqual([]);
    expect(baseUrlCalls).toEqual([]);
    expect(store.getSession(job.sessionId)).toBeUndefined();
  });

  it('a permanent provider error interrupts the session, keeps what was saved and fails the job with the message', async () => {
    const provider = testProvider({
      fileLimits: { maxDurationMs: 4_000 },
      answer: (request, index) =>
        index === 1
          ? Promise.reject(
              new ProviderError('permanent', 'Test Vendor answered 400: audio too noisy.', { status: 400 }),
            )
          : Promise.resolve({
              segments: [{ text: `chunk ${index}`, startMs: 0, endMs: request.durationMs }],
            }),
    });
    const { job } = startJob(provider);
    const final = await job.finished;
    expect(final).toMatchObject({
      state: 'failed',
      error: 'Test Vendor answered 400: audio too noisy.',
      chunkIndex: 1,
    });
    expect(provider.seen).toHaveLength(2);
    expect(store.getSession(job.sessionId)?.status).toBe('interrupted');
    expect(store.getSegments(job.sessionId).map((segment) => segment.text)).toEqual(['chunk 0']);
    expect(existsSync(dirname(provider.seen[0]?.request.wavPath ?? '/'))).toBe(false);
  });

  it('an unexpected error from the provider is reported under its name', async () => {
    const provider = testProvider({ answer: () => Promise.reject(new TypeError('fetch failed')) });
    const final = await startJob(provider).job.finished;
    expect(final).toMatchObject({ state: 'failed', error: 'Test Vendor: fetch failed' });
  });

  it('a base URL that cannot be resolved (a runtime that will not start) fails the job with its reason', async () => {
    const provider = testProvider();
    const { job } = startJob(provider, {
      resolveBaseUrl: () =>
        Promise.reject(new Error('The local runtime did not become ready within 20 seconds.')),
    });
    const final = await job.finished;
    expect(final).toMatchObject({
      state: 'failed',
      error: 'The local runtime did not become ready within 20 seconds.',
    });
    expect(provider.seen).toEqual([]);
    expect(store.getSession(job.sessionId)?.status).toBe('interrupted');
  });
});

describe('file job: cancel', () => {
  it('aborts the provider mid-chunk, waits for its remote clean-up, quits the session and removes the chunks', async () => {
    const events: string[] = [];
    let chunkDirectory = '';
    const provider = testProvider({
      fileLimits: { maxDurationMs: 4_000 },
      answer: async (request, index) => {
        if (index === 0) return { segments: [{ text: 'first', startMs: 0, endMs: request.durationMs }] };
        chunkDirectory = dirname(request.wavPath);
        events.push('holding');
        await aborted(request.signal);
        events.push('aborted');
        await new Promise((resolve) => setTimeout(resolve, 50));
        events.push('remote upload deleted');
        throw new ProviderError('cancelled', 'Test Vendor request cancelled.');
      },
    });
    const { job, statuses } = startJob(provider);
    const unsubscribe = job.subscribe((status) => {
      if (status.state === 'processing' && status.chunkIndex === 1) {
        unsubscribe();
        job.cancel();
      }
    });
    const final = await job.finished;
    events.push(`finished ${final.state}`);

    expect(events).toEqual(['holding', 'aborted', 'remote upload deleted', 'finished cancelled']);
    expect(final.error).toBeNull();
    expect(statuses.map((status) => status.state).slice(-2)).toEqual(['cancelling', 'cancelled']);
    expect(store.getSession(job.sessionId)?.status).toBe('interrupted');
    expect(store.getSegments(job.sessionId).map((segment) => segment.text)).toEqual(['first']);
    expect(chunkDirectory).not.toBe('');
    expect(existsSync(chunkDirectory)).toBe(false);
  });

  it('cancelled before it starts, it creates nothing and calls no one', async () => {
    const provider = testProvider();
    const job = createFileJob({
      path: jfk,
      definition: provider,
      rawConfig: { apiKey: 'test-key-1234' },
      store,
      resolveBaseUrl: () => Promise.resolve('http://127.0.0.1:9'),
    });
    expect(job.status().state).toBe('queued');
    job.cancel();
    expect((await job.finished).state).toBe('cancelled');
    job.start();
    expect(job.status().state).toBe('cancelled');
    expect(provider.seen).toEqual([]);
    expect(store.getSession(job.sessionId)).toBeUndefined();
  });

  it('cancelled while decoding, it stops there and leaves no session', async () => {
    const provider = testProvider();
    const { job, statuses } = startJob(provider, { path: fixtureAudio('long-16k.wav') });
    const unsubscribe = job.subscribe((status) => {
      if (status.state === 'preparing' && status.progress > 0) {
        unsubscribe();
        job.cancel();
      }
    });
    const final = await job.finished;
    expect(final.state).toBe('cancelled');
    expect(statuses.map((status) => status.state)).not.toContain('opening');
    expect(provider.seen).toEqual([]);
    expect(store.getSession(job.sessionId)).toBeUndefined();
  });
});
