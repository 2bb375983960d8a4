import { describe, expect, it } from 'vitest';
import type { FileJobStatus } from './jobStates.ts';
import { busyPollMs, idlePollMs, listPollDelay } from './useServiceJobs.ts';

const withState = (state: FileJobStatus['state']) => ({ state }) as FileJobStatus;

describe('how often the Files page asks for the service’s jobs', () => {
  it('asks every second while a job is unfinished, or this tab’s queue has files to go', () => {
    expect(listPollDelay([withState('completed'), withState('queued')], false)).toBe(busyPollMs);
    expect(listPollDelay([withState('cancelling')], false)).toBe(busyPollMs);
    expect(listPollDelay([], true)).toBe(busyPollMs);
    expect(busyPollMs).toBe(1000);
  });

  it('asks less often when every job has ended', () => {
    expect(listPollDelay([withState('completed'), withState('failed'), withState('cancelled')], false)).toBe(
      idlePollMs,
    );
    expect(listPollDelay([], false)).toBe(idlePollMs);
    expect(idlePollMs).toBeGreaterThan(busyPollMs);
  });
});
