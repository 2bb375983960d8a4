import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { ProviderError } from '../http/providerError.ts';
import { vendorJson } from '../http/vendorRequest.ts';
import type { OpenAiCompatibleConfig } from './config.ts';
import { bearerHeaders, serverName } from './serverAddress.ts';
import { localInferenceTimeoutMs, transcriptionBody } from './transcriptionRequest.ts';
import { readTranscriptionAnswer, transcriptionResult } from './transcriptionResponse.ts';

/**
 * One multipart POST to `/v1/audio/transcriptions`, asking for segments and words with their
 * timestamps and passing on the prompt. Word timestamps are part of the OpenAI contract, but not
 * every server that copies it takes them: one that refuses the request as invalid is asked once
 * more for segment times only.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<OpenAiCompatibleConfig>,
): Promise<FileTranscriptionResult> {
  try {
    return await transcribe(request, true);
  } catch (error) {
    if (!isInvalidRequest(error) || request.signal.aborted) throw error;
    return transcribe(request, false);
  }
}

async function transcribe(
  request: FileTranscriptionRequest<OpenAiCompatibleConfig>,
  askForWordTimes: boolean,
): Promise<FileTranscriptionResult> {
  const { config } = request;
  const vendor = serverName(request.baseUrl);
  const answer = await vendorJson<unknown>({
    vendor,
    url: apiUrl(request.baseUrl, '/v1/audio/transcriptions'),
    headers: bearerHeaders(config.apiKey),
    body: () => transcriptionBody(request, config.model, { askForWordTimes, sendPrompt: true }),
    signal: request.signal,
    secrets: config.apiKey === undefined ? [] : [config.apiKey],
    timeoutMs: localInferenceTimeoutMs,
  });
  return transcriptionResult(readTranscriptionAnswer(answer, vendor), request.durationMs);
}

/** 400 and 422 (FastAPI's validation error, as vLLM and Speaches answer) name a refused field. */
function isInvalidRequest(error: unknown): boolean {
  return error instanceof ProviderError && (error.status === 400 || error.status === 422);
}
