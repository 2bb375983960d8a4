/**
 * The OpenAI audio-transcription answer (`json` or `verbose_json`), which Groq, local
 * OpenAI-compatible servers and the FunASR server all speak, turned into transcript segments.
 */
import { z } from 'zod';
import type { FileTranscriptionResult, TimedWord, TranscribedSegment } from '../contract.ts';
import { readAnswer } from '../http/answerShape.ts';
import { languageCode } from './languageCode.ts';
import { attachWords } from '../segmentWords.ts';

// Word times only sharpen where a live window may be cut, so a list in another shape is ignored
// rather than failing a transcription that is otherwise readable.
const wordsSchema = z
  .array(
    z.object({
      word: z.string(),
      start: z.number(),
      end: z.number(),
      // faster-whisper-based servers and whisper.cpp give each word's probability; OpenAI does not.
      probability: z.number().nullish(),
    }),
  )
  .nullish()
  .catch(undefined);

const answerSchema = z.object({
  text: z.string(),
  language: z.string().nullish(),
  segments: z
    .array(
      z.object({
        start: z.number(),
        end: z.number(),
        text: z.string(),
        speaker: z.union([z.string(), z.number()]).nullish(),
        // Where faster-whisper-based servers and funasr-server put the words: inside their segment.
        words: wordsSchema,
      }),
    )
    .nullish(),
  // Where OpenAI and Groq put them: one list beside the segments.
  words: wordsSchema,
});

export type TranscriptionAnswer = z.output<typeof answerSchema>;

export function readTranscriptionAnswer(body: unknown, vendor: string): TranscriptionAnswer {
  return readAnswer(answerSchema, body, { vendor, what: 'with a transcription' });
}

/** The words to keep from a segment's raw text, and its language when the text itself says. */
export type SegmentTextReader = (raw: string) => { text: string; language?: string };

const plainText: SegmentTextReader = (raw) => ({ text: raw.trim() });

/**
 * Segments with their times (the answer's seconds as whole milliseconds). An answer without
 * segments (plain `json`, or a server that gives no timestamps) becomes one segment spanning the
 * audio; segments left without words are dropped. Timed words go to their segment: a segment's
 * own list where the server nests them, else the answer's list, each word to the segment it falls in.
 */
export function transcriptionResult(
  answer: TranscriptionAnswer,
  durationMs: number,
  readText: SegmentTextReader = plainText,
): FileTranscriptionResult {
  const detected = answer.language ? languageCode(answer.language) : undefined;
  const pieces =
    answer.segments && answer.segments.length > 0
      ? answer.segments.map((segment) => ({
          startMs: milliseconds(segment.start),
          endMs: Math.max(milliseconds(segment.start), milliseconds(segment.end)),
          raw: segment.text,
          speaker: segment.speaker,
          words: segment.words,
        }))
      : [{ startMs: 0, endMs: durationMs, raw: answer.text, speaker: undefined, words: undefined }];
  const listedApart = (answer.words ?? []).length > 0;
  const segments: TranscribedSegment[] = [];
  for (const piece of pieces) {
    const { text, language } = readText(piece.raw);
    if (text === '') continue;
    const segment: TranscribedSegment = { text, startMs: piece.startMs, endMs: piece.endMs };
    const segmentLanguage = language ?? detected;
    if (segmentLanguage !== undefined) segment.language = segmentLanguage;
    if (piece.speaker !== undefined && piece.speaker !== null) segment.speaker = String(piece.speaker);
    const nested = listedApart ? [] : timedWords(piece.words);
    if (nested.length > 0) segment.words = nested;
    segments.push(segment);
  }
  if (listedApart) attachWords(segments, timedWords(answer.words));
  const language = detected ?? segments.find((segment) => segment.language)?.language;
  return language ? { segments, language } : { segments };
}

function timedWords(words: TranscriptionAnswer['words']): TimedWord[] {
  return (words ?? []).flatMap((word) => {
    const text = word.word.trim();
    if (text === '') return [];
    const startMs = milliseconds(word.start);
    const timed: TimedWord = { text, startMs, endMs: Math.max(startMs, milliseconds(word.end)) };
    if (typeof word.probability === 'number') timed.confidence = word.probability;
    return [timed];
  });
}

function milliseconds(seconds: number): number {
  return Math.max(0, Math.round(seconds * 1000));
}
