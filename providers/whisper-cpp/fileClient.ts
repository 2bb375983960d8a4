import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { transcriptionPrompt } from '../openai-compatible/transcriptionPrompt.ts';
import { ProviderError } from '../http/providerError.ts';
import { multipartFileBody } from '../http/uploadBody.ts';
import { vendorJson } from '../http/vendorRequest.ts';
import { containsSound } from './audibleSound.ts';
import type { WhisperCppConfig } from './config.ts';
import { parseVerboseJson } from './verboseJson.ts';

const vendor = 'whisper.cpp';
/** whisper.cpp refuses shorter input with a 500 ("input is too short"); it cannot hold a word. */
const shortestAudioMs = 100;
/**
 * Local inference runs at a multiple of real time that depends on the CPU and the model, so the
 * wait grows with the audio: a fixed floor plus up to 4× its length (a large model on 2 cores).
 */
const timeoutFloorMs = 120_000;
const timeoutPerAudioMs = 4;

/**
 * Posts one 16 kHz mono WAV (and the vocabulary and the prompt, if any) to whisper-server's `/inference` and returns
 * its segments with their timed words. Chunks with no sound (or too short to hold a word) are
 * answered here, without spending an inference.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<WhisperCppConfig>,
): Promise<FileTranscriptionResult> {
  const { signal } = request;
  if (signal.aborted) throw cancelled();
  if (request.durationMs < shortestAudioMs) return { segments: [] };
  if (request.config.skipSilence && !(await containsSound(request.wavPath, signal).catch(rethrow(signal)))) {
    return { segments: [] };
  }
  const language = request.languageHints[0] ?? 'auto';
  let uploaded = false;
  const answer = await vendorJson<unknown>({
    vendor,
    url: `${request.baseUrl.replace(/\/+$/, '')}/inference`,
    body: () =>
      multipartFileBody(
        {
          response_format: 'verbose_json',
          language,
          // Deterministic first pass; whisper raises the temperature by this step only when a
          // window fails its entropy or log-probability checks.
          temperature: '0',
          temperature_inc: '0.2',
          // The per-language table is only read to name a detected language.
          no_language_probabilities: language === 'auto' ? 'false' : 'true',
          // Times each token, so verbose_json's words carry the times a live window is cut at.
          token_timestamps: 'true',
          prompt: transcriptionPrompt(request.prompt, request.vocabulary),
        },
        { field: 'file', path: request.wavPath, filename: 'audio.wav', contentType: 'audio/wav' },
        (sentBytes, totalBytes) => {
          request.onProgress({ phase: 'uploading', sentBytes, totalBytes });
          if (sentBytes === totalBytes && !uploaded) {
            uploaded = true;
            request.onProgress({ phase: 'processing' });
          }
        },
      ),
    signal,
    secrets: [],
    timeoutMs: timeoutFloorMs + timeoutPerAudioMs * request.durationMs,
  });
  return parseVerboseJson(answer);
}

function cancelled(): ProviderError {
  return new ProviderError('cancelled', `The request to ${vendor} was cancelled.`);
}

function rethrow(signal: AbortSignal) {
  return (error: unknown): never => {
    if (signal.aborted) throw cancelled();
    throw new ProviderError('permanent', `Cannot read the audio chunk: ${(error as Error).message}`, {
      cause: error,
    });
  };
}
