import { describe, expect, it } from 'vitest';
import type { QueuedFile } from './fileQueue.ts';
import { endedRowsShown, fileRows, type ListedJobs } from './fileRows.ts';
import type { FileJobStatus } from './jobStates.ts';

function job(
  jobId: string,
  state: FileJobStatus['state'],
  facts: Partial<FileJobStatus> = {},
): FileJobStatus {
  return {
    jobId,
    sessionId: `session-of-${jobId}`,
    path: `/data/uploads/${jobId}.wav`,
    title: `${jobId}.wav`,
    providerId: 'groq',
    language: null,
    state,
    progress: 0,
    chunkIndex: 0,
    chunkCount: 0,
    error: null,
    createdAt: 1_000,
    resumeCount: 0,
    ...facts,
  };
}

function queued(id: number, facts: Partial<QueuedFile> = {}): QueuedFile {
  return {
    id,
    name: `file-${id}.wav`,
    bytes: 1_000,
    provider: 'groq',
    language: undefined,
    addedAt: 1_000,
    state: 'waiting',
    uploadFraction: 0,
    jobId: undefined,
    job: undefined,
    waitingForService: false,
    error: undefined,
    ...facts,
  };
}

const answered = (jobs: FileJobStatus[]): ListedJobs => ({ jobs, unanswered: false });
const nothingCleared: ReadonlySet<string> = new Set();

describe('the Files page rows', () => {
  it('shows a queued file whose job the service lists once, as the queued file, with the job', () => {
    const followed = job('a', 'processing', { progress: 0.5 });
    const file = queued(1, { state: 'transcribing', jobId: 'a', job: followed, addedAt: 900 });
    const rows = fileRows([file], answered([job('a', 'processing', { progress: 0.4 })]), nothingCleared);
    expect(rows.unfinished).toHaveLength(1);
    expect(rows.unfinished[0]).toMatchObject({
      key: 'file-1',
      title: 'file-1.wav',
      phase: 'transcribing',
      queued: file,
      job: followed,
    });
    expect(rows.ended).toEqual([]);
  });

  it('keeps the row of a queued file when its job first appears, before the queue has asked about it', () => {
    const before = fileRows([queued(1, { state: 'uploading' })], answered([]), nothingCleared);
    const started = queued(1, { state: 'transcribing', jobId: 'a' });
    const afterStart = fileRows([started], answered([]), nothingCleared);
    const listed = fileRows([started], answered([job('a', 'preparing')]), nothingCleared);
    expect(before.unfinished.map(({ key, phase }) => ({ key, phase }))).toEqual([
      { key: 'file-1', phase: 'uploading' },
    ]);
    expect(afterStart.unfinished.map(({ key, phase }) => ({ key, phase }))).toEqual([
      { key: 'file-1', phase: 'starting' },
    ]);
    expect(listed.unfinished.map(({ key, phase, job }) => ({ key, phase, state: job?.state }))).toEqual([
      { key: 'file-1', phase: 'transcribing', state: 'preparing' },
    ]);
  });

  it('lists the jobs this tab did not start: running ones in the order they run, ended ones newest first', () => {
    const rows = fileRows(
      [queued(1, { addedAt: 2_500 })],
      answered([
        job('newest', 'completed', { createdAt: 4_000 }),
        job('running-later', 'processing', { createdAt: 3_000 }),
        job('resumed', 'queued', { createdAt: 2_000, resumeCount: 1 }),
        job('older', 'cancelled', { createdAt: 1_000 }),
      ]),
      nothingCleared,
    );
    expect(rows.unfinished.map(({ key }) => key)).toEqual(['job-resumed', 'file-1', 'job-running-later']);
    expect(rows.ended.map(({ key, phase }) => ({ key, phase }))).toEqual([
      { key: 'job-newest', phase: 'completed' },
      { key: 'job-older', phase: 'cancelled' },
    ]);
    expect(rows.unfinished[0]?.job?.resumeCount).toBe(1);
  });

  it('takes the end from the list when it saw the job end before the queue did', () => {
    const file = queued(1, { state: 'transcribing', jobId: 'a', job: job('a', 'processing') });
    const rows = fileRows([file], answered([job('a', 'completed', { progress: 1 })]), nothingCleared);
    expect(rows.unfinished).toEqual([]);
    expect(rows.ended[0]).toMatchObject({ key: 'file-1', phase: 'completed', job: { state: 'completed' } });
  });

  it('gives failed rows their reason: the job’s, or the queue’s own when the job could not be followed', () => {
    const gone = 'There is no transcription job b; ended jobs are kept for a while only.';
    const rows = fileRows(
      [
        queued(1, {
          state: 'failed',
          error: 'The upload could not reach the Earshot service.',
          addedAt: 3_000,
        }),
        queued(2, { state: 'failed', jobId: 'b', job: job('b', 'processing'), error: gone, addedAt: 2_000 }),
      ],
      answered([job('c', 'failed', { error: 'Groq refused the key.', createdAt: 1_000 })]),
      nothingCleared,
    );
    expect(rows.ended.map(({ phase, error }) => ({ phase, error }))).toEqual([
      { phase: 'failed', error: 'The upload could not reach the Earshot service.' },
      { phase: 'failed', error: gone },
      { phase: 'failed', error: 'Groq refused the key.' },
    ]);
  });

  it('says an unfinished job waits for the service while its questions go unanswered, an ended one never', () => {
    const followed = queued(1, { state: 'transcribing', jobId: 'a', job: job('a', 'processing') });
    const listedOnly = job('b', 'processing');
    const ended = job('c', 'completed');
    const serviceAway = fileRows([followed], { jobs: [listedOnly, ended], unanswered: true }, nothingCleared);
    expect(serviceAway.unfinished.map(({ key, waitingForService }) => ({ key, waitingForService }))).toEqual([
      { key: 'file-1', waitingForService: false },
      { key: 'job-b', waitingForService: true },
    ]);
    expect(serviceAway.ended[0]?.waitingForService).toBe(false);

    const queueUnanswered = fileRows(
      [{ ...followed, waitingForService: true }],
      answered([listedOnly]),
      nothingCleared,
    );
    expect(queueUnanswered.unfinished.map(({ waitingForService }) => waitingForService)).toEqual([
      true,
      false,
    ]);
  });

  it('leaves out the ended jobs the user cleared, and shows only the most recent ended ones', () => {
    const ended = Array.from({ length: endedRowsShown + 5 }, (_, index) =>
      job(`ended-${index}`, 'completed', { createdAt: 10_000 - index }),
    );
    const rows = fileRows([], answered(ended), new Set(['ended-0', 'ended-1']));
    expect(rows.ended).toHaveLength(endedRowsShown);
    expect(rows.ended[0]?.key).toBe('job-ended-2');
  });
});
