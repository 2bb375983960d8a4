import { describe, expect, it } from 'vitest';
import { type AiJobStatus, isEndedAiJob, jobToPickUp } from './aiJobStates.ts';

function job(jobId: string, sessionId: string, state: AiJobStatus['state'], createdAt: number): AiJobStatus {
  return {
    jobId,
    sessionId,
    kind: 'digest',
    entryId: null,
    targetLanguage: null,
    questionId: null,
    artefacts: ['summary', 'actionItems', 'keywords', 'chapters', 'mindMap'],
    state,
    part: 0,
    partCount: 0,
    error: state === 'failed' ? 'No AI provider is set up.' : null,
    createdAt,
    resumeCount: 0,
  };
}

describe('AI job states', () => {
  it('tells a job that has ended from one that goes on', () => {
    expect(
      ['done', 'failed', 'cancelled'].map((state) => isEndedAiJob(job('a', 's', state as never, 1))),
    ).toEqual([true, true, true]);
    expect(
      ['queued', 'running', 'waitingToRetry', 'saving'].map((state) =>
        isEndedAiJob(job('a', 's', state as never, 1)),
      ),
    ).toEqual([false, false, false, false]);
  });
});

describe('the job a session page takes up as it opens', () => {
  it('is the session’s unfinished job, whatever other sessions’ jobs do', () => {
    const jobs = [
      job('other', 'elsewhere', 'running', 30),
      job('mine', 's', 'queued', 20),
      job('old', 's', 'done', 10),
    ];
    expect(jobToPickUp(jobs, 's')?.jobId).toBe('mine');
  });

  it('is the newest unfinished one when the session has several, in any order', () => {
    const jobs = [
      job('first', 's', 'queued', 10),
      job('second', 's', 'running', 20),
      job('ended', 's', 'failed', 30),
    ];
    expect(jobToPickUp(jobs, 's')?.jobId).toBe('second');
  });

  it('is the newest job when it failed, for its error', () => {
    expect(jobToPickUp([job('failed', 's', 'failed', 20), job('done', 's', 'done', 10)], 's')?.jobId).toBe(
      'failed',
    );
  });

  it('leaves out the jobs that answer a question', () => {
    const question = {
      ...job('question', 's', 'running', 20),
      kind: 'question' as const,
      artefacts: [],
      entryId: 'entry-1',
    };
    expect(jobToPickUp([question, job('digest', 's', 'queued', 10)], 's')?.jobId).toBe('digest');
    expect(jobToPickUp([question], 's')).toBeUndefined();
  });

  it('is none when the newest job ended well or was cancelled, or the session has none', () => {
    expect(
      jobToPickUp([job('done', 's', 'done', 20), job('failed', 's', 'failed', 10)], 's'),
    ).toBeUndefined();
    expect(jobToPickUp([job('cancelled', 's', 'cancelled', 20)], 's')).toBeUndefined();
    expect(jobToPickUp([job('other', 'elsewhere', 'running', 20)], 's')).toBeUndefined();
    expect(jobToPickUp([], 's')).toBeUndefined();
  });
});
