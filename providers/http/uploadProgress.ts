import type { FileTranscriptionProgress } from '../contract.ts';
import type { UploadProgress } from './uploadBody.ts';

/**
 * Upload progress for a synchronous transcription call: bytes while the body streams, then
 * "processing" once the last byte is sent, since the server recognises before it answers.
 */
export function uploadThenProcessing(
  onProgress: (progress: FileTranscriptionProgress) => void,
): UploadProgress {
  return (sentBytes, totalBytes) => {
    onProgress({ phase: 'uploading', sentBytes, totalBytes });
    if (sentBytes >= totalBytes) onProgress({ phase: 'processing' });
  };
}
