import type { FileTranscriptionRequest } from '../contract.ts';
import { ProviderError } from '../http/providerError.ts';
import type { GladiaConfig } from './config.ts';
import { jobSchema, readAnswer } from './gladiaAnswers.ts';
import { gladiaJson, gladiaRequest } from './gladiaApi.ts';
import { waitBeforeNextCheck } from './statusPolling.ts';

/** Each delete gets its own short deadline: the job's own signal may already be aborted. */
const deleteTimeoutMs = 10_000;
/** Gladia refuses to delete a job that is not in a deletable state; wait this long for it to end. */
const unfinishedWaitLimitMs = 30 * 60_000;

/**
 * Deletes a pre-recorded job, which also deletes the audio uploaded for it. Best effort: a failed
 * delete never fails a finished job. Gladia answers 403 for a job "not in a deletable state" (one
 * still running, e.g. after a cancel); it is then deleted in the background once it has ended, so
 * the caller can report the cancel at once.
 */
export async function removeGladiaJob(
  request: FileTranscriptionRequest<GladiaConfig>,
  jobId: string,
): Promise<void> {
  if ((await deleteJob(request, jobId)) === 'busy') void removeOnceEnded(request, jobId);
}

async function removeOnceEnded(
  request: FileTranscriptionRequest<GladiaConfig>,
  jobId: string,
): Promise<void> {
  const deadline = AbortSignal.timeout(unfinishedWaitLimitMs);
  try {
    for (;;) {
      await waitBeforeNextCheck(request.baseUrl, deadline);
      const answer = await gladiaJson(request, { path: `/v2/pre-recorded/${jobId}`, signal: deadline });
      const { status } = readAnswer(jobSchema, answer, 'a job status');
      if (status === 'done' || status === 'error') break;
    }
  } catch {
    return;
  }
  await deleteJob(request, jobId);
}

async function deleteJob(
  request: FileTranscriptionRequest<GladiaConfig>,
  jobId: string,
): Promise<'deleted' | 'busy' | 'failed'> {
  try {
    await gladiaRequest(request, {
      method: 'DELETE',
      path: `/v2/pre-recorded/${jobId}`,
      signal: AbortSignal.timeout(deleteTimeoutMs),
      retries: 1,
    });
    return 'deleted';
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return 'deleted';
    if (error instanceof ProviderError && error.status === 403) return 'busy';
    return 'failed';
  }
}
