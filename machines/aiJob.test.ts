import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { aiJobMachine, aiJobStateOf, maxTransientRetries, retryBackoffMs } from './aiJob.ts';

function startJob() {
  const actor = createActor(aiJobMachine).start();
  actor.send({ type: 'START' });
  return actor;
}

describe('aiJob', () => {
  it('backs off 2 s, 4 s, 8 s… up to a minute', () => {
    expect([1, 2, 3, 4, 10].map(retryBackoffMs)).toEqual([2_000, 4_000, 8_000, 16_000, 60_000]);
  });

  it('waits as long as the vendor says, then generates again', () => {
    vi.useFakeTimers();
    try {
      const job = startJob();
      job.send({ type: 'FAILED', message: '429', transient: true, retryAfterMs: 7_000 });
      expect(aiJobStateOf(job.getSnapshot())).toBe('waitingToRetry');
      vi.advanceTimersByTime(6_999);
      expect(aiJobStateOf(job.getSnapshot())).toBe('waitingToRetry');
      vi.advanceTimersByTime(1);
      expect(aiJobStateOf(job.getSnapshot())).toBe('running');
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails with the last reason once the retries are spent, or at once when the failure is permanent', () => {
    vi.useFakeTimers();
    try {
      const job = startJob();
      for (let attempt = 1; attempt <= maxTransientRetries; attempt++) {
        job.send({ type: 'FAILED', message: `503 #${attempt}`, transient: true });
        vi.advanceTimersByTime(retryBackoffMs(attempt));
      }
      job.send({ type: 'FAILED', message: '503 again', transient: true });
      expect(aiJobStateOf(job.getSnapshot())).toBe('failed');
      expect(job.getSnapshot().context.error).toBe('503 again');

      const permanent = startJob();
      permanent.send({ type: 'FAILED', message: 'The key was refused', transient: false });
      expect(aiJobStateOf(permanent.getSnapshot())).toBe('failed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not wait an hour for a vendor that asks it to', () => {
    const job = startJob();
    job.send({ type: 'FAILED', message: 'quota', transient: true, retryAfterMs: 3_600_000 });
    expect(aiJobStateOf(job.getSnapshot())).toBe('failed');
  });

  it('reports the part it is on, and a cancel while waiting ends it', () => {
    const job = startJob();
    job.send({ type: 'PROGRESS', part: 2, of: 5 });
    expect(job.getSnapshot().context).toMatchObject({ part: 2, partCount: 5 });
    job.send({ type: 'FAILED', message: '503', transient: true });
    job.send({ type: 'CANCEL' });
    expect(aiJobStateOf(job.getSnapshot())).toBe('cancelled');
  });
});
