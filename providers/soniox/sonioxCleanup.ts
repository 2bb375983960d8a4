import type { FileTranscriptionRequest } from '../contract.ts';
import { ProviderError } from '../http/providerError.ts';
import type { SonioxConfig } from './config.ts';
import { readAnswer, transcriptionSchema } from './sonioxAnswers.ts';
import { sonioxJson, sonioxRequest } from './sonioxApi.ts';
import { waitBeforeNextCheck } from './statusPolling.ts';

/** Each delete gets its own short deadline: the job's own signal may already be aborted. */
const deleteTimeoutMs = 10_000;
/** Soniox refuses to delete a transcription while it is processing; wait this long for it to end. */
const processingWaitLimitMs = 30 * 60_000;

export interface SonioxObjects {
  fileId?: string;
  transcriptionId?: string;
}

/**
 * Deletes the transcription, then the uploaded file, so no audio or transcript stays at Soniox.
 * Best effort: a failed delete never fails a finished job. Soniox answers 409 for a transcription
 * that is still processing (e.g. after a cancel); then both are deleted in the background once it
 * has finished, so the caller can report the cancel at once.
 */
export async function removeSonioxObjects(
  request: FileTranscriptionRequest<SonioxConfig>,
  objects: SonioxObjects,
): Promise<void> {
  const { fileId, transcriptionId } = objects;
  if (transcriptionId !== undefined) {
    const outcome = await deleteObject(request, `/transcriptions/${transcriptionId}`);
    if (outcome === 'busy') {
      void removeOnceProcessed(request, transcriptionId, fileId);
      return;
    }
  }
  if (fileId !== undefined) await deleteObject(request, `/files/${fileId}`);
}

async function removeOnceProcessed(
  request: FileTranscriptionRequest<SonioxConfig>,
  transcriptionId: string,
  fileId: string | undefined,
): Promise<void> {
  const deadline = AbortSignal.timeout(processingWaitLimitMs);
  try {
    for (;;) {
      await waitBeforeNextCheck(request.baseUrl, deadline);
      const answer = await sonioxJson(request, {
        path: `/transcriptions/${transcriptionId}`,
        signal: deadline,
      });
      const { status } = readAnswer(transcriptionSchema, answer, 'a transcription status');
      if (status !== 'processing') break;
    }
  } catch {
    return;
  }
  if (
    (await deleteObject(request, `/transcriptions/${transcriptionId}`)) !== 'busy' &&
    fileId !== undefined
  ) {
    await deleteObject(request, `/files/${fileId}`);
  }
}

async function deleteObject(
  request: FileTranscriptionRequest<SonioxConfig>,
  path: string,
): Promise<'deleted' | 'busy' | 'failed'> {
  try {
    await sonioxRequest(request, {
      method: 'DELETE',
      path,
      signal: AbortSignal.timeout(deleteTimeoutMs),
      retries: 1,
    });
    return 'deleted';
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return 'deleted';
    if (error instanceof ProviderError && error.status === 409) return 'busy';
    return 'failed';
  }
}
