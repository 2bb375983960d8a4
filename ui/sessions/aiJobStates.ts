import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';

export type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';

const endedStates: ReadonlySet<AiJobStatus['state']> = new Set(['done', 'failed', 'cancelled']);

/** A job in one of these states never changes again; any other goes on, across restarts too. */
export function isEndedAiJob(job: AiJobStatus): boolean {
  return endedStates.has(job.state);
}

/**
 * The digest job a session page takes up as it opens, from the service's list (`GET /ai-jobs`):
 * the session's newest unfinished one, whose progress the page then follows; else its newest if
 * that one failed, since the panels then say "failed" and only the job's error says why and what
 * to do. A job that ended otherwise has nothing left to tell, and a question's job is the Q&A's.
 */
export function jobToPickUp(jobs: readonly AiJobStatus[], sessionId: string): AiJobStatus | undefined {
  const sessionJobs = jobs
    .filter((job) => job.sessionId === sessionId && job.kind === 'digest')
    .sort((first, second) => second.createdAt - first.createdAt);
  const unfinished = sessionJobs.find((job) => !isEndedAiJob(job));
  if (unfinished !== undefined) return unfinished;
  const newest = sessionJobs[0];
  return newest?.state === 'failed' ? newest : undefined;
}
