import { afterJobEnds, deleteRemoteObject, type DeleteOutcome } from '../asyncJob/remoteCleanup.ts';
import type { FileTranscriptionRequest } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import type { SonioxConfig } from './config.ts';
import { metadata } from './metadata.ts';
import { transcriptionSchema } from './sonioxAnswers.ts';
import { sonioxApi, statusChecks } from './sonioxApi.ts';

/** Soniox's answer to deleting a transcription that is still processing. */
const stillProcessing = 409;

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
  const processed = await afterJobEnds(statusChecks(request), async (signal) => {
    const answer = await sonioxApi(request).json({ path: `/transcriptions/${transcriptionId}`, signal });
    const { status } = readAnswer(transcriptionSchema, answer, {
      vendor: metadata.vendor,
      what: 'a transcription status',
    });
    return status !== 'processing';
  });
  if (
    processed &&
    (await deleteObject(request, `/transcriptions/${transcriptionId}`)) !== 'busy' &&
    fileId !== undefined
  ) {
    await deleteObject(request, `/files/${fileId}`);
  }
}

function deleteObject(request: FileTranscriptionRequest<SonioxConfig>, path: string): Promise<DeleteOutcome> {
  return deleteRemoteObject(
    (signal) => sonioxApi(request).request({ method: 'DELETE', path, signal, retries: 1 }),
    stillProcessing,
  );
}
