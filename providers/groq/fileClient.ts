import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { vendorJson } from '../http/vendorRequest.ts';
import { transcriptionBody } from '../openai-compatible/transcriptionRequest.ts';
import { readTranscriptionAnswer, transcriptionResult } from '../openai-compatible/transcriptionResponse.ts';
import type { GroqConfig } from './config.ts';

const vendor = 'Groq';

/**
 * Groq's synchronous Whisper endpoint: one multipart POST per chunk, asking for `verbose_json`
 * with segment and word timestamps (seconds), and passing on the prompt. Nothing is stored at
 * Groq, so there is nothing to delete.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<GroqConfig>,
): Promise<FileTranscriptionResult> {
  const { config } = request;
  const answer = await vendorJson<unknown>({
    vendor,
    url: apiUrl(request.baseUrl, '/audio/transcriptions'),
    headers: { authorization: `Bearer ${config.apiKey}` },
    body: () => transcriptionBody(request, config.model, { askForWordTimes: true, sendPrompt: true }),
    signal: request.signal,
    secrets: [config.apiKey],
  });
  return transcriptionResult(readTranscriptionAnswer(answer, vendor), request.durationMs);
}
