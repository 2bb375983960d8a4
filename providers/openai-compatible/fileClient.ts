import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { vendorJson } from '../http/vendorRequest.ts';
import type { OpenAiCompatibleConfig } from './config.ts';
import { bearerHeaders, serverName } from './serverAddress.ts';
import { transcriptionBody } from './transcriptionRequest.ts';
import { readTranscriptionAnswer, transcriptionResult } from './transcriptionResponse.ts';

/**
 * Local models on a CPU can take far longer than real time, and the server answers only when it
 * has recognised the whole upload; the user's cancel, not this timeout, is the normal way out.
 */
const localInferenceTimeoutMs = 60 * 60_000;

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
