import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { vendorJson } from '../http/vendorRequest.ts';
import { localInferenceTimeoutMs, transcriptionBody } from '../openai-compatible/transcriptionRequest.ts';
import { readTranscriptionAnswer, transcriptionResult } from '../openai-compatible/transcriptionResponse.ts';
import type { FunasrConfig } from './config.ts';
import { readSenseVoiceText } from './senseVoiceText.ts';

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
    // The server has no `timestamp_granularities`; it returns sentence times whenever the model gives them.
    body: () => transcriptionBody(request, request.config.model, { askForSegmentTimes: false }),
    signal: request.signal,
    secrets: [],
    timeoutMs: localInferenceTimeoutMs,
  });
  const parsed = readTranscriptionAnswer(answer, vendor);
  // Asked for a language, both servers only echo it back. Unasked, funasr-server reports the one
  // SenseVoice detected (or "unknown"), the example server "auto"; neither word names a language.
  const asked = request.languageHints.length > 0;
  return transcriptionResult(
    { ...parsed, language: asked ? null : parsed.language },
    request.durationMs,
    readSenseVoiceText,
  );
}
