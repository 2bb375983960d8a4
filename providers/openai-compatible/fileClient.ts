import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { vendorJson } from '../http/vendorRequest.ts';
import type { OpenAiCompatibleConfig } from './config.ts';
import { bearerHeaders, serverName } from './serverAddress.ts';
import { localInferenceTimeoutMs, transcriptionBody } from './transcriptionRequest.ts';
import { readTranscriptionAnswer, transcriptionResult } from './transcriptionResponse.ts';

/** One multipart POST to `/v1/audio/transcriptions`, asking for segments with timestamps. */
export async function transcribeFile(
  request: FileTranscriptionRequest<OpenAiCompatibleConfig>,
): Promise<FileTranscriptionResult> {
  const { config } = request;
  const vendor = serverName(request.baseUrl);
  const answer = await vendorJson<unknown>({
    vendor,
    url: apiUrl(request.baseUrl, '/v1/audio/transcriptions'),
    headers: bearerHeaders(config.apiKey),
    body: () => transcriptionBody(request, config.model),
    signal: request.signal,
    secrets: config.apiKey === undefined ? [] : [config.apiKey],
    timeoutMs: localInferenceTimeoutMs,
  });
  return transcriptionResult(readTranscriptionAnswer(answer, vendor), request.durationMs);
}
