import { afterEach, describe, expect, it, vi } from 'vitest';

import type { LiveStatus, LiveView } from './dependencies.ts';
import { idleLiveStatus, readLiveStatus } from './liveStatus.ts';
import { createTestApp, getJson, recordingStatus, testVersion } from './testing/testApp.ts';

const neverAnswers = (): Promise<LiveStatus> => new Promise<LiveStatus>(() => {});

function liveView(getStatus: () => Promise<LiveStatus>): LiveView {
  return { getStatus, liveClientCount: () => 2 };
}

const idleStatusBody = {
  version: testVersion,
  recording: false,
  currentSessionId: null,
  currentProvider: null,
  liveClients: 2,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/v1/status with a recorder that never answers', () => {
  it('answers 200 with the idle defaults after the real 5-second limit, not before', async () => {
    const { app } = createTestApp({ live: liveView(neverAnswers), liveTimeoutMs: 5000 });
    const started = performance.now();
    const { response, body } = await getJson(app, '/api/v1/status');
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(body).toStrictEqual(idleStatusBody);
    expect(elapsed).toBeGreaterThanOrEqual(4900);
  });

  it('uses the configured limit', async () => {
    const { app } = createTestApp({ live: liveView(neverAnswers), liveTimeoutMs: 60 });
    const started = performance.now();
    const { response, body } = await getJson(app, '/api/v1/status');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(response.status).toBe(200);
    expect(body).toStrictEqual(idleStatusBody);
  });

  it('defaults to 5000 ms when no limit is configured', async () => {
    vi.useFakeTimers();
    let settled = false;
    const { app } = createTestApp({ live: liveView(neverAnswers), liveTimeoutMs: undefined });
    const pending = getJson(app, '/api/v1/status').finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).body).toStrictEqual(idleStatusBody);
  });

  it('answers requests for stored data at once while the recorder hangs', async () => {
    const { app } = createTestApp({ live: liveView(neverAnswers), liveTimeoutMs: 5000 });
    const started = performance.now();
    expect((await getJson(app, '/api/v1/sessions')).response.status).toBe(200);
    expect((await getJson(app, '/api/v1/health', {})).response.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(4000);
  });
});

describe('GET /api/v1/status with a failing recorder', () => {
  it('answers 200 with the defaults at once when getStatus rejects, and reports the failure', async () => {
    const failure = new Error('actor stopped');
    const { app, reportedErrors } = createTestApp({
      live: liveView(() => Promise.reject(failure)),
      liveTimeoutMs: 5000,
    });
    const started = performance.now();
    const { response, body } = await getJson(app, '/api/v1/status');
    expect(performance.now() - started).toBeLessThan(4000);
    expect(response.status).toBe(200);
    expect(body).toStrictEqual(idleStatusBody);
    expect(reportedErrors).toStrictEqual([failure]);
  });

  it('answers 200 with the defaults when getStatus throws instead of returning a promise', async () => {
    const { app } = createTestApp({
      live: liveView(() => {
        throw new Error('not a promise');
      }),
    });
    const { response, body } = await getJson(app, '/api/v1/status');
    expect(response.status).toBe(200);
    expect(body).toStrictEqual(idleStatusBody);
  });
});

describe('readLiveStatus', () => {
  it('returns the answer when it comes in time and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const status = await readLiveStatus(
      liveView(() => Promise.resolve(recordingStatus)),
      5000,
      () => {},
    );
    expect(status).toStrictEqual(recordingStatus);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind after a rejection', async () => {
    vi.useFakeTimers();
    const status = await readLiveStatus(
      liveView(() => Promise.reject(new Error('x'))),
      5000,
      () => {},
    );
    expect(status).toStrictEqual(idleLiveStatus);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('takes the answer that arrives just before the limit, and not one just after', async () => {
    vi.useFakeTimers();
    const answerAfter = (delay: number) => () =>
      new Promise<LiveStatus>((resolve) => setTimeout(() => resolve(recordingStatus), delay));
    const early = readLiveStatus(liveView(answerAfter(999)), 1000, () => {});
    const late = readLiveStatus(liveView(answerAfter(1001)), 1000, () => {});
    await vi.advanceTimersByTimeAsync(1001);
    expect(await early).toStrictEqual(recordingStatus);
    expect(await late).toStrictEqual(idleLiveStatus);
  });

  it('copies only the status fields', async () => {
    const noisy = { ...recordingStatus, internal: 'actor snapshot' } as LiveStatus;
    const status = await readLiveStatus(
      liveView(() => Promise.resolve(noisy)),
      1000,
      () => {},
    );
    expect(status).toStrictEqual(recordingStatus);
  });
});
