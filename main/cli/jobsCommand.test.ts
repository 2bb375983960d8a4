import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { createZonedClock } from '../../api/zonedTime.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { formatJobDetails, formatJobTable, jobsCommand, noServiceMessage } from './jobsCommand.ts';
import { UsageError } from './usage.ts';

const utc = createZonedClock('UTC');

function job(overrides: Partial<FileJobStatus>): FileJobStatus {
  const status: FileJobStatus = {
    jobId: '11111111-1111-4111-8111-111111111111',
    sessionId: '22222222-2222-4222-8222-222222222222',
    path: '/data/uploads/x',
    title: 'meeting.mp3',
    providerId: 'openai-compatible',
    language: null,
    state: 'processing',
    progress: 0.4263,
    chunkIndex: 2,
    chunkCount: 7,
    error: null,
    createdAt: Date.UTC(2026, 4, 6, 9, 40),
    resumeCount: 0,
  };
  return { ...status, ...overrides };
}

describe('jobs list', () => {
  it('is a table with a header, unfinished jobs first, each group newest first as the service sent it', () => {
    const jobs = [
      job({
        jobId: 'done-newest',
        state: 'completed',
        progress: 1,
        chunkIndex: 6,
        createdAt: Date.UTC(2026, 4, 6, 9, 45),
      }),
      job({ jobId: 'running', title: 'talk.wav', createdAt: Date.UTC(2026, 4, 6, 9, 40), resumeCount: 2 }),
      job({
        jobId: 'failed-oldest',
        state: 'failed',
        progress: 0,
        chunkCount: 0,
        chunkIndex: 0,
        providerId: 'whisper-cpp',
        createdAt: Date.UTC(2026, 4, 6, 9, 30),
      }),
      job({
        jobId: 'queued',
        state: 'queued',
        progress: 0,
        chunkCount: 0,
        chunkIndex: 0,
        createdAt: Date.UTC(2026, 4, 6, 9, 20),
      }),
    ];
    expect(formatJobTable(jobs, utc).split('\n')).toEqual([
      'ID             STATE                    DONE  CHUNK  PROVIDER  CREATED           TITLE',
      'running        processing (resumed 2×)   42%  3/7    P12       2026-05-06 09:40  talk.wav',
      'queued         queued                     0%  -      P12       2026-05-06 09:20  meeting.mp3',
      'done-newest    completed                100%  7/7    P12       2026-05-06 09:45  meeting.mp3',
      'failed-oldest  failed                     0%  -      P14       2026-05-06 09:30  meeting.mp3',
    ]);
  });
});

describe('jobs show', () => {
  it('lists the fields and how to follow an unfinished job', () => {
    const text = formatJobDetails(job({ createdAt: Date.UTC(2026, 4, 6, 9, 40), resumeCount: 1 }), utc);
    expect(text).toBe(
      [
        'Job:      11111111-1111-4111-8111-111111111111',
        'Title:    meeting.mp3',
        'State:    processing (resumed 1×), 42% done, chunk 3/7',
        'Provider: P12 (openai-compatible)',
        'Language: detected by the provider',
        'Created:  2026-05-06 09:40',
        'Session:  22222222-2222-4222-8222-222222222222',
        '',
        'Follow it with: earshot jobs show 11111111-1111-4111-8111-111111111111 --wait',
      ].join('\n'),
    );
  });

  it('gives the error of a failed job and no chunk before the audio was decoded', () => {
    const text = formatJobDetails(
      job({
        state: 'failed',
        progress: 0,
        chunkCount: 0,
        chunkIndex: 0,
        language: 'en',
        error: 'P12 is not configured.',
      }),
      utc,
    );
    expect(text).toContain('State:    failed, 0% done\n');
    expect(text).toContain('Language: en\n');
    expect(text).toContain('Error:    P12 is not configured.');
    expect(text).not.toContain('earshot jobs show');
  });

  it('names the command that prints the transcript of a completed job', () => {
    const text = formatJobDetails(job({ state: 'completed', progress: 1, chunkIndex: 6 }), utc);
    expect(text).toContain('State:    completed, 100% done, chunk 7/7\n');
    expect(text.split('\n').at(-1)).toBe(
      'The transcript: earshot sessions show 22222222-2222-4222-8222-222222222222',
    );
  });
});

describe('jobs arguments and a missing service', () => {
  let directory: ReturnType<typeof temporaryDirectory>;
  beforeEach(() => {
    directory = temporaryDirectory('jobs-command');
  });
  afterEach(() => directory.remove());

  it('refuses a missing or unknown action and a missing id as usage errors', async () => {
    await expect(jobsCommand(directory.path, undefined, undefined, false)).rejects.toThrow(
      new UsageError('Use: earshot jobs list | show ID [--wait] | cancel ID'),
    );
    await expect(jobsCommand(directory.path, 'remove', 'x', false)).rejects.toBeInstanceOf(UsageError);
    for (const action of ['show', 'cancel']) {
      await expect(jobsCommand(directory.path, action, undefined, true)).rejects.toThrow(
        new UsageError(`Name the job: earshot jobs ${action} ID ("earshot jobs list" shows the ids)`),
      );
    }
  });

  it('without a service, says to start one and that unfinished jobs resume then', async () => {
    for (const [action, id] of [
      ['list', undefined],
      ['show', 'x'],
      ['cancel', 'x'],
    ] as const) {
      await expect(jobsCommand(directory.path, action, id, false)).rejects.toThrow(
        noServiceMessage(directory.path),
      );
    }
    expect(noServiceMessage('/data')).toBe(
      'No Earshot service is running for /data, and jobs run only in the service. ' +
        'Start it with `earshot serve` (or open the app): unfinished jobs resume when it starts.',
    );
  });
});
