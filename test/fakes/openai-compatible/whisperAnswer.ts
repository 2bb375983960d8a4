/**
 * The OpenAI audio-transcription answer in each `response_format`, as Whisper servers shape it
 * (times in seconds, segment text with Whisper's leading space), built from the canned speech.
 */
import { type CannedWord, cannedWords } from '../cannedSpeech.ts';

export const responseFormats = ['json', 'text', 'srt', 'verbose_json', 'vtt'] as const;
export type ResponseFormat = (typeof responseFormats)[number];

export interface WhisperAnswerOptions {
  durationMs: number;
  format: ResponseFormat;
  granularities: readonly string[];
  /** How the server names the detected language in `verbose_json` ("English", "english"). */
  languageName: string;
  /** The words heard in the upload (see heardWords); default: the canned words of its length. */
  words?: CannedWord[];
  /**
   * Word times nested in their segment, each with its probability, and no list beside the
   * segments: how servers that pass faster-whisper's segments on as they are answer.
   */
  wordsInSegments?: boolean;
}

const wordsPerSentence = 8;
/** A gap this long between words ends a sentence (a silent slot of marked speech is 400 ms). */
const pauseMs = 300;

/** Sentences of at most eight words, also ended by a pause between words. */
function sentencesOf(words: readonly CannedWord[]): Array<{ text: string; words: CannedWord[] }> {
  const sentences: CannedWord[][] = [];
  for (const word of words) {
    const current = sentences.at(-1);
    const previous = current?.at(-1);
    if (
      current === undefined ||
      current.length >= wordsPerSentence ||
      (previous !== undefined && word.startMs - previous.endMs >= pauseMs)
    ) {
      sentences.push([word]);
    } else current.push(word);
  }
  return sentences.map((sentence) => ({
    text: sentence.map((word) => word.word).join(' '),
    words: sentence,
  }));
}

export function whisperAnswer(options: WhisperAnswerOptions): Record<string, unknown> | string {
  const { durationMs } = options;
  const words = options.words ?? cannedWords(durationMs);
  const sentences = sentencesOf(words);
  const text = words.map((word) => word.word).join(' ');
  switch (options.format) {
    case 'json':
      return { text };
    case 'text':
      return `${text}\n`;
    case 'srt':
      return sentences
        .map((sentence, index) => `${index + 1}\n${cue(sentence.words, ',')}\n${sentence.text}\n`)
        .join('\n');
    case 'vtt':
      return `WEBVTT\n\n${sentences.map((sentence) => `${cue(sentence.words, '.')}\n${sentence.text}\n`).join('\n')}`;
    case 'verbose_json': {
      const answer: Record<string, unknown> = {
        task: 'transcribe',
        language: options.languageName,
        duration: durationMs / 1000,
        text: ` ${text}`,
      };
      const wordTimes = options.granularities.includes('word');
      if (
        options.granularities.includes('segment') ||
        options.granularities.length === 0 ||
        (wordTimes && options.wordsInSegments === true)
      ) {
        answer['segments'] = sentences.map((sentence, index) => ({
          id: index,
          seek: 0,
          start: (sentence.words[0]?.startMs ?? 0) / 1000,
          end: (sentence.words.at(-1)?.endMs ?? 0) / 1000,
          text: ` ${sentence.text}`,
          tokens: sentence.words.map((_, position) => 50_365 + position),
          temperature: 0,
          avg_logprob: -0.2,
          compression_ratio: 1.1,
          no_speech_prob: 0.01,
          ...(wordTimes &&
            options.wordsInSegments === true && {
              words: sentence.words.map((word) => ({
                start: word.startMs / 1000,
                end: word.endMs / 1000,
                word: ` ${word.word}`,
                probability: 0.87,
              })),
            }),
        }));
      }
      if (wordTimes && options.wordsInSegments !== true) {
        answer['words'] = words.map((word) => ({
          word: word.word,
          start: word.startMs / 1000,
          end: word.endMs / 1000,
        }));
      }
      return answer;
    }
  }
}

function cue(words: ReadonlyArray<{ startMs: number; endMs: number }>, decimalMark: string): string {
  return `${clock(words[0]?.startMs ?? 0, decimalMark)} --> ${clock(words.at(-1)?.endMs ?? 0, decimalMark)}`;
}

function clock(milliseconds: number, decimalMark: string): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor(milliseconds / 60_000) % 60;
  const seconds = Math.floor(milliseconds / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${decimalMark}${pad(milliseconds % 1000, 3)}`;
}
