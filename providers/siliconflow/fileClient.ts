import { z } from 'zod';
import type { FileTranscriptionRequest, FileTranscriptionResult } from '../contract.ts';
import { type AnswerDescription, readAnswer } from '../http/answerShape.ts';
import { apiUrl } from '../http/apiUrl.ts';
import {
  base64JsonFileBody,
  base64Length,
  multipartFileBody,
  type UploadBody,
  type UploadProgress,
  wavFilePart,
} from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { uploadTimeoutMs, vendorJson } from '../http/vendorRequest.ts';
import { type SiliconFlowConfig, siliconFlowOmniModels } from './config.ts';

const vendor = 'SiliconFlow';
const answerDescription: AnswerDescription = { vendor, showMismatch: true };
const omniModels: ReadonlySet<string> = new Set(siliconFlowOmniModels);
const transcriberInstruction =
  'You are a speech transcriber. Write down exactly what is said in the audio, in the language it is spoken, and output only the transcript.';

const transcriptionSchema = z.object({ text: z.string() });
const chatSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.union([
            z.string(),
            z.array(z.object({ type: z.string(), text: z.string().optional() })),
          ]),
        }),
      }),
    )
    .min(1),
});

/**
 * Speech models (SenseVoice, TeleSpeech) take the WAV as multipart on `/audio/transcriptions`;
 * Qwen Omni models hear it as a base64 `data:` URL on `/chat/completions` (the request shape is
 * known only from the reference app, not from SiliconFlow's documentation). Both answer with
 * text alone, so the chunk becomes one segment spanning its audio.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<SiliconFlowConfig>,
): Promise<FileTranscriptionResult> {
  const { config } = request;
  const progress = uploadThenProcessing((event) => request.onProgress(event));
  const omni = omniModels.has(config.model);
  const answer = await vendorJson<unknown>({
    vendor,
    url: apiUrl(request.baseUrl, omni ? '/chat/completions' : '/audio/transcriptions'),
    headers: { authorization: `Bearer ${config.apiKey}` },
    body: omni ? () => chatBody(request, progress) : () => transcriptionBody(request, progress),
    signal: request.signal,
    secrets: [config.apiKey],
    timeoutMs: uploadTimeoutMs(omni ? base64Length(request.wavBytes) : request.wavBytes),
  });
  const text = omni ? chatText(answer) : readAnswer(transcriptionSchema, answer, answerDescription).text;
  const trimmed = text.trim();
  return { segments: trimmed === '' ? [] : [{ text: trimmed, startMs: 0, endMs: request.durationMs }] };
}

function transcriptionBody(
  request: FileTranscriptionRequest<SiliconFlowConfig>,
  progress: UploadProgress,
): UploadBody {
  return multipartFileBody(
    // `language` is not in SiliconFlow's reference; the reference app sends it and it is accepted.
    { model: request.config.model, language: request.languageHints[0] },
    wavFilePart(request.wavPath),
    progress,
  );
}

/** The audio goes inside JSON as base64, streamed from disk rather than read into memory. */
function chatBody(
  request: FileTranscriptionRequest<SiliconFlowConfig>,
  progress: UploadProgress,
): UploadBody {
  const language = request.languageHints[0];
  const instruction =
    language === undefined
      ? 'Transcribe this audio verbatim. Output only the text.'
      : `The speech is most likely in the language with ISO 639-1 code "${language}". Transcribe this audio verbatim. Output only the text.`;
  return base64JsonFileBody(
    (audio) => ({
      model: request.config.model,
      temperature: 0.1,
      messages: [
        { role: 'system', content: transcriberInstruction },
        {
          role: 'user',
          content: [
            { type: 'audio_url', audio_url: { url: `data:audio/wav;base64,${audio}` } },
            { type: 'text', text: instruction },
          ],
        },
      ],
    }),
    request.wavPath,
    progress,
  );
}

/** The reply is a string, or a list of parts whose text parts make up the transcript. */
function chatText(answer: unknown): string {
  const content = readAnswer(chatSchema, answer, answerDescription).choices[0]?.message.content ?? '';
  if (typeof content === 'string') return content;
  return content
    .filter((part) => part.type === 'text')
    .map((part) => part.text ?? '')
    .join('');
}
