/**
 * The OpenAI audio-transcription request (`POST …/audio/transcriptions`), which Groq, local
 * OpenAI-compatible servers and the FunASR server all take.
 */
import type { FileTranscriptionRequest } from '../contract.ts';
import { multipartFileBody, type UploadBody, wavFilePart } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { transcriptionPrompt } from './transcriptionPrompt.ts';

/**
 * For servers on this machine or network: models on a CPU can take far longer than real time, and
 * the server answers only when it has recognised the whole upload, so the user's cancel, not this
 * timeout, is the normal way out.
 */
export const localInferenceTimeoutMs = 60 * 60_000;

/**
 * One chunk as multipart `file`, with the model, `verbose_json` (segments with their times, asked
 * for explicitly unless the server has no such parameter; word times too where the caller reads
 * them), the first language hint, if any, and the vocabulary and the end of the prompt where the caller
 * sends one.
 */
export function transcriptionBody(
  request: FileTranscriptionRequest<unknown>,
  model: string,
  { askForSegmentTimes = true, askForWordTimes = false, sendPrompt = false } = {},
): UploadBody {
  const granularities = [...(askForSegmentTimes ? ['segment'] : []), ...(askForWordTimes ? ['word'] : [])];
  return multipartFileBody(
    {
      model,
      response_format: 'verbose_json',
      'timestamp_granularities[]': granularities.length > 0 ? granularities : undefined,
      language: request.languageHints[0],
      prompt: sendPrompt ? transcriptionPrompt(request.prompt, request.vocabulary) : undefined,
    },
    wavFilePart(request.wavPath),
    uploadThenProcessing((progress) => request.onProgress(progress)),
  );
}
