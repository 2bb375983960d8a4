import { z } from 'zod';
import type { FileTranscriptionRequest, FileTranscriptionResult, TranscribedSegment } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import { apiUrl } from '../http/apiUrl.ts';
import { rawFileBody } from '../http/uploadBody.ts';
import { uploadThenProcessing } from '../http/uploadProgress.ts';
import { uploadTimeoutMs, vendorJson } from '../http/vendorRequest.ts';
import { sentenceSegments } from '../sentenceSegments.ts';
import { placeUntimed, secondsToMs } from '../untimedSegments.ts';
import type { DeepgramConfig } from './config.ts';
import { type DeepgramWord, deepgramWordSchema, speakerLabel, timedWord } from './deepgramWords.ts';
import { withVocabulary } from './vocabularyQuery.ts';

const vendor = 'Deepgram';
/** Only `results` is required; the SDK types everything under it as optional. */
const answerSchema = z.object({
  results: z.object({
    channels: z
      .array(
        z.object({
          detected_language: z.string().optional(),
          alternatives: z.array(z.object({ words: z.array(deepgramWordSchema).optional() })).optional(),
        }),
      )
      .optional(),
    utterances: z
      .array(
        z.object({
          start: z.number().optional(),
          end: z.number().optional(),
          transcript: z.string().optional(),
          words: z.array(deepgramWordSchema).optional(),
          speaker: z.number().optional(),
        }),
      )
      .optional(),
  }),
});

/**
 * Pre-recorded transcription: the WAV goes as the raw request body to `POST /v1/listen`, and the
 * answer's utterances (Deepgram's own sentence-like segments, times in seconds) become segments;
 * should an answer carry none, the channel's words are grouped into sentences instead. The SDK
 * types every field under `results` as optional, so none is relied on.
 */
export async function transcribeFile(
  request: FileTranscriptionRequest<DeepgramConfig>,
): Promise<FileTranscriptionResult> {
  const { config } = request;
  const url = new URL(apiUrl(request.baseUrl, '/v1/listen'));
  url.searchParams.set('model', config.model);
  url.searchParams.set('punctuate', 'true');
  url.searchParams.set('smart_format', 'true');
  url.searchParams.set('utterances', 'true');
  // With `diarize`, every word has a speaker and utterances end where the speaker changes.
  if (config.enableSpeakerDiarization) url.searchParams.set('diarize', 'true');
  const language = request.languageHints[0];
  if (language === undefined) url.searchParams.set('detect_language', 'true');
  else url.searchParams.set('language', language);

  const answer = await vendorJson<unknown>({
    vendor,
    url: withVocabulary(url.toString(), config.model, 'file', request.vocabulary),
    headers: { authorization: `Token ${config.apiKey}` },
    body: () =>
      rawFileBody(
        request.wavPath,
        'audio/wav',
        uploadThenProcessing((progress) => request.onProgress(progress)),
      ),
    signal: request.signal,
    secrets: [config.apiKey],
    timeoutMs: uploadTimeoutMs(request.wavBytes),
  });
  return toResult(answer, request.durationMs);
}

function toResult(answer: unknown, durationMs: number): FileTranscriptionResult {
  const { results } = readAnswer(answerSchema, answer, { vendor, showMismatch: true });
  const channel = results.channels?.[0];
  const language = channel?.detected_language;
  const segments =
    results.utterances === undefined
      ? wordSentences(channel?.alternatives?.[0]?.words ?? [], language ?? null)
      : utteranceSegments(results.utterances, language ?? null, durationMs);
  return language === undefined ? { segments } : { segments, language };
}

type Utterance = NonNullable<z.output<typeof answerSchema>['results']['utterances']>[number];

/**
 * Deepgram's utterances, its own sentence-like segments, with their timed words. One without times
 * takes its words' times, or else a place between its timed neighbours; one without text is left out.
 */
function utteranceSegments(
  utterances: readonly Utterance[],
  language: string | null,
  durationMs: number,
): TranscribedSegment[] {
  return placeUntimed(
    utterances.flatMap((utterance) => {
      const text = utterance.transcript?.trim() ?? '';
      if (text === '') return [];
      const start = utterance.start ?? utterance.words?.[0]?.start;
      const end = utterance.end ?? utterance.words?.at(-1)?.end;
      const words = (utterance.words ?? []).flatMap(timedWord);
      return [
        {
          text,
          startMs: start === undefined ? undefined : secondsToMs(start),
          endMs: end === undefined ? undefined : secondsToMs(end),
          speaker: speakerOf(utterance.speaker),
          language,
          ...(words.length > 0 && { words }),
        },
      ];
    }),
    durationMs,
  );
}

/**
 * An answer without utterances still has the channel's words: they are grouped into sentences,
 * which keep them as their words (a word without its end time counts in the text only).
 */
function wordSentences(words: readonly DeepgramWord[], language: string | null): TranscribedSegment[] {
  return sentenceSegments(
    words.flatMap((word) => {
      const text = word.punctuated_word ?? word.word;
      if (text === undefined || word.start === undefined) return [];
      return [
        {
          text,
          startMs: secondsToMs(word.start),
          endMs: secondsToMs(word.end ?? word.start),
          speaker: speakerOf(word.speaker),
          confidence: word.confidence,
          placed: word.end === undefined,
          language,
        },
      ];
    }),
    { keepWords: true },
  );
}

function speakerOf(speaker: number | undefined): string | null {
  return speaker === undefined ? null : speakerLabel(speaker);
}
