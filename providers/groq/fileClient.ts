import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { multipartFileBody } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { vendorJson } from '../http/vendorRequest.ts';
import { readTranscriptionAnswer, transcriptionResult } from '../openai-compatible/transcriptionResponse.ts';
import type { GroqConfig } from './config.ts';

const vendor = 'Groq';

/**
 * Groq's synchronous Whisper endpoint: one multipart POST per chunk, asking for `verbose_json`
 * with segment timestamps (seconds). Nothing is stored at Groq, so there is nothing to delete.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<GroqConfig>,
): Promise<FileTranscriptionResult> {
  const { config } = request;
  const answer = await vendorJson<unknown>({
    vendor,
    url: apiUrl(request.baseUrl, '/audio/transcriptions'),
    headers: { authorization: `Bearer ${config.apiKey}` },
    body: () =>
      multipartFileBody(
        {
          model: config.model,
          response_format: 'verbose_json',
          'timestamp_granularities[]': 'segment',
          language: request.languageHints[0],
        },
        { field: 'file', path: request.wavPath, filename: 'audio.wav', contentType: 'audio/wav' },
        uploadThenProcessing((progress) => request.onProgress(progress)),
      ),
    signal: request.signal,
    secrets: [config.apiKey],
  });
  return transcriptionResult(readTranscriptionAnswer(answer, vendor), request.durationMs);
}
