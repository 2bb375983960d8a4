import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { multipartFileBody } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { vendorJson } from '../http/vendorRequest.ts';
import { readTranscriptionAnswer, transcriptionResult } from '../openai-compatible/transcriptionResponse.ts';
import type { FunasrConfig } from './config.ts';
import { readSenseVoiceText } from './senseVoiceText.ts';

/**
 * FunASR answers only once it has recognised the whole upload, which on a CPU can take long for
 * long audio; the user's cancel, not this timeout, is the normal way out.
 */
const localInferenceTimeoutMs = 60 * 60_000;

/**
 * One multipart POST to the FunASR server's OpenAI-style `/v1/audio/transcriptions`, asking for
 * `verbose_json` so sentence timestamps come back when the model gives them. No authentication.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<FunasrConfig>,
): Promise<FileTranscriptionResult> {
  const vendor = `FunASR server ${request.baseUrl}`;
  const answer = await vendorJson<unknown>({
    vendor,
    url: apiUrl(request.baseUrl, '/v1/audio/transcriptions'),
    body: () =>
      multipartFileBody(
        {
          model: request.config.model,
          response_format: 'verbose_json',
          language: request.languageHints[0],
        },
        { field: 'file', path: request.wavPath, filename: 'audio.wav', contentType: 'audio/wav' },
        uploadThenProcessing((progress) => request.onProgress(progress)),
      ),
    signal: request.signal,
    secrets: [],
    timeoutMs: localInferenceTimeoutMs,
  });
  const parsed = readTranscriptionAnswer(answer, vendor);
  // The server echoes the requested language (or "auto") instead of one it detected.
  return transcriptionResult({ ...parsed, language: null }, request.durationMs, readSenseVoiceText);
}
