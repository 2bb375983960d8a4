import { setTimeout as sleep } from 'node:timers/promises';
import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import type { JobService } from './jobService.ts';

const endedStates: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

/** States of a job that is transcribing (or done): past decoding its file again after a restart. */
const transcribingStates: ReadonlySet<string> = new Set([
  'uploading',
  'processing',
  'saving',
  'finishing',
  'completed',
]);

export const hasEnded = (status: FileJobStatus) => endedStates.has(status.state);
export const isTranscribing = (status: FileJobStatus) => transcribingStates.has(status.state);

export interface Followed {
  /** The last status the service answered, if any. */
  last: FileJobStatus | undefined;
  /** performance.now() when `until` first held, or undefined when it did not within the time given. */
  reachedAt: number | undefined;
  /** The last failed request, when the service did not answer. */
  error: string | undefined;
}

/**
 * Asks the service for the job's status every `intervalMs` until `until` holds or `deadline`
 * (performance.now()) passes. A request that fails (the service still starting) is tried again.
 */
export async function followJob(
  service: JobService,
  jobId: string,
  options: { until: (status: FileJobStatus) => boolean; intervalMs: number; deadline: number },
): Promise<Followed> {
  const followed: Followed = { last: undefined, reachedAt: undefined, error: undefined };
  while (performance.now() < options.deadline) {
    try {
      followed.last = await service.status(jobId);
      followed.error = undefined;
      if (options.until(followed.last)) {
        followed.reachedAt = performance.now();
        return followed;
      }
    } catch (error) {
      followed.error = error instanceof Error ? error.message : String(error);
    }
    await sleep(Math.max(0, Math.min(options.intervalMs, options.deadline - performance.now())));
  }
  return followed;
}
