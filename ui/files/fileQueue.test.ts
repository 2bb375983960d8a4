import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ControlRequestError } from '../connection/control.ts';
import { FileQueue, type FileQueueService } from './fileQueue.ts';
import type { FileJobStatus } from './jobStates.ts';

function status(state: FileJobStatus['state'], facts: Partial<FileJobStatus> = {}): FileJobStatus {
  return {
    jobId: 'job-1',
    sessionId: 'session-1',
    path: '/data/uploads/talk.wav',
    title: 'talk.wav',
    providerId: 'groq',
    language: null,
    state,
    progress: 0,
    chunkIndex: 0,
    chunkCount: 1,
    error: null,
    createdAt: 1_000,
    resumeCount: 0,
    ...facts,
  };
}

const unreachable = () => new ControlRequestError(0, 'unreachable', 'The Earshot service is not answering.');

/**
 * A service that answers the job's status polls in turn from `polls` (an Error is thrown) and
 * cancels from `cancels` (true: accepted), and records every call.
 */
function scriptedService(script: { polls: Array<FileJobStatus | Error>; cancels?: boolean[] }) {
  const calls: string[] = [];
  const service: FileQueueService = {
    uploadFile: () => ({ done: Promise.resolve({ upload: 'upload-1', bytes: 10 }), abort: () => undefined }),
    control: <Answer>(method: string, path: string) => {
      calls.push(`${method} ${path}`);
      if (method === 'POST' && path === '/transcriptions') {
        return Promise.resolve({ jobId: 'job-1', sessionId: 'session-1' } as Answer);
      }
      if (method === 'POST' && path.endsWith('/cancel')) {
        return script.cancels?.shift() === true
          ? Promise.resolve(status('cancelling') as Answer)
          : Promise.reject(unreachable());
      }
      const next = script.polls.shift();
      if (next === undefined) throw new Error(`nothing scripted for ${method} ${path}`);
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next as Answer);
    },
  };
  return { service, calls };
}

function queueWith(service: FileQueueService) {
  const queue = new FileQueue(service);
  queue.add([new File([new Uint8Array(10)], 'talk.wav')], 'groq', undefined);
  const item = () => queue.snapshot()[0]!;
  return { queue, item };
}

/** One poll interval of the queue, with everything it started in between settled. */
const nextPoll = () => vi.advanceTimersByTimeAsync(500);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the file queue following its job', () => {
  it('waits for the service while a poll cannot reach it, then goes on with the job to its end', async () => {
    const { service } = scriptedService({
      polls: [
        status('processing', { progress: 0.2 }),
        unreachable(),
        unreachable(),
        status('processing', { progress: 0.6, resumeCount: 1 }),
        status('completed', { progress: 1, resumeCount: 1 }),
      ],
    });
    const { item } = queueWith(service);
    await vi.advanceTimersByTimeAsync(0);
    expect(item()).toMatchObject({ state: 'transcribing', jobId: 'job-1', waitingForService: false });
    expect(item().job?.progress).toBe(0.2);

    await nextPoll();
    expect(item()).toMatchObject({ state: 'transcribing', waitingForService: true, error: undefined });
    await nextPoll();
    expect(item()).toMatchObject({ state: 'transcribing', waitingForService: true, error: undefined });
    // The job was kept from the last answer while the service was away.
    expect(item().job?.progress).toBe(0.2);

    await nextPoll();
    expect(item()).toMatchObject({ state: 'transcribing', waitingForService: false });
    expect(item().job).toMatchObject({ progress: 0.6, resumeCount: 1 });
    await nextPoll();
    expect(item()).toMatchObject({ state: 'completed', waitingForService: false, error: undefined });
  });

  it('waits too when the service that came back no longer knows this browser (401), not failing the job', async () => {
    const { service } = scriptedService({
      polls: [
        status('processing'),
        new ControlRequestError(401, 'not_signed_in', 'This browser is not signed in.'),
        status('completed', { progress: 1 }),
      ],
    });
    const { item } = queueWith(service);
    await vi.advanceTimersByTimeAsync(0);
    await nextPoll();
    expect(item()).toMatchObject({ state: 'transcribing', waitingForService: true, error: undefined });
    await nextPoll();
    expect(item()).toMatchObject({ state: 'completed', waitingForService: false });
  });

  it('fails the file with the service’s message when it has no such job (404 job_not_found)', async () => {
    const message = 'There is no transcription job job-1; ended jobs are kept for a while only.';
    const { service, calls } = scriptedService({
      polls: [status('processing'), unreachable(), new ControlRequestError(404, 'job_not_found', message)],
    });
    const { item } = queueWith(service);
    await vi.advanceTimersByTimeAsync(0);
    await nextPoll();
    await nextPoll();
    expect(item()).toMatchObject({ state: 'failed', waitingForService: false, error: message });
    await nextPoll();
    expect(calls.filter((call) => call.startsWith('GET'))).toHaveLength(3);
  });

  it('sends a cancel again once the service answers when the first did not reach it', async () => {
    const { service, calls } = scriptedService({
      polls: [
        status('processing'),
        unreachable(),
        status('processing'),
        status('cancelling'),
        status('cancelled'),
      ],
      cancels: [false, true],
    });
    const { queue, item } = queueWith(service);
    await vi.advanceTimersByTimeAsync(0);
    queue.cancel(item().id);
    await nextPoll();
    expect(item()).toMatchObject({ state: 'transcribing', waitingForService: true });
    await nextPoll();
    await nextPoll();
    expect(item().job?.state).toBe('cancelling');
    await nextPoll();
    expect(item()).toMatchObject({ state: 'cancelled', error: undefined });
    expect(calls.filter((call) => call.endsWith('/cancel'))).toEqual([
      'POST /transcriptions/job-1/cancel',
      'POST /transcriptions/job-1/cancel',
    ]);
  });

  it('fails a file whose upload could not reach the service: an upload does not resume', async () => {
    const { service } = scriptedService({ polls: [] });
    service.uploadFile = () => ({
      done: Promise.reject(
        new ControlRequestError(0, 'unreachable', 'The upload could not reach the service.'),
      ),
      abort: () => undefined,
    });
    const { item } = queueWith(service);
    await vi.advanceTimersByTimeAsync(0);
    expect(item()).toMatchObject({
      state: 'failed',
      jobId: undefined,
      error: 'The upload could not reach the service.',
    });
  });
});
