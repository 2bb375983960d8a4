import { afterJobEnds, deleteRemoteObject } from '../asyncJob/remoteCleanup.ts';
import type { FileTranscriptionRequest } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import type { GladiaConfig } from './config.ts';
import { jobSchema } from './gladiaAnswers.ts';
import { gladiaApi, statusChecks } from './gladiaApi.ts';
import { metadata } from './metadata.ts';

/** Gladia's answer to deleting a job that is "not in a deletable state" (still running). */
const notDeletable = 403;

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
  const ended = await afterJobEnds(statusChecks(request), async (signal) => {
    const answer = await gladiaApi(request).json({ path: `/v2/pre-recorded/${jobId}`, signal });
    const { status } = readAnswer(jobSchema, answer, { vendor: metadata.vendor, what: 'a job status' });
    return status === 'done' || status === 'error';
  });
  if (ended) await deleteJob(request, jobId);
}

function deleteJob(request: FileTranscriptionRequest<GladiaConfig>, jobId: string) {
  return deleteRemoteObject(
    (signal) =>
      gladiaApi(request).request({ method: 'DELETE', path: `/v2/pre-recorded/${jobId}`, signal, retries: 1 }),
    notDeletable,
  );
}
