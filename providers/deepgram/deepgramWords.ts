import { z } from 'zod';
import type { TimedWord } from '../contract.ts';
import { secondsToMs } from '../untimedSegments.ts';

/**
 * A word as Deepgram sends it, times in seconds. The SDK types every field as optional in file
 * answers (ListenV1Response) and requires word, start, end and confidence in live `Results`; one
 * schema, as loose as the looser of the two, reads both. `speaker` comes only with `diarize`.
 */
export const deepgramWordSchema = z.object({
  word: z.string().optional(),
  punctuated_word: z.string().optional(),
  start: z.number().optional(),
  end: z.number().optional(),
  confidence: z.number().optional(),
  speaker: z.number().optional(),
});

export type DeepgramWord = z.output<typeof deepgramWordSchema>;

/** A word as Deepgram timed it (punctuated where asked), or none when it lacks its text or a time. */
export function timedWord(word: DeepgramWord): TimedWord[] {
  const text = word.punctuated_word ?? word.word;
  if (text === undefined || text.trim() === '' || word.start === undefined || word.end === undefined)
    return [];
  return [
    {
      text,
      startMs: secondsToMs(word.start),
      endMs: secondsToMs(word.end),
      ...(word.speaker !== undefined && { speaker: speakerLabel(word.speaker) }),
      ...(word.confidence !== undefined && { confidence: word.confidence }),
    },
  ];
}

/** Deepgram numbers speakers from 0; the number is kept as the label. */
export function speakerLabel(speaker: number): string {
  return String(speaker);
}
