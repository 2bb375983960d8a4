import { z } from 'zod';

import type { TimedWord } from '../contract.ts';

/**
 * A word of a Volcengine utterance, as the flash file recognizer and the streaming recognizer both
 * send it: times in milliseconds of the request's audio (a Chinese word is one character).
 */
export const volcengineWordSchema = z.object({
  text: z.string(),
  start_time: z.number(),
  end_time: z.number(),
  confidence: z.number().nullish(),
});

/**
 * An utterance's words as timed words, each with the utterance's speaker when there is one. A
 * confidence of 0, which Volcengine's examples give every word, says none was computed, so it
 * is left out.
 */
export function utteranceWords(
  words: ReadonlyArray<z.output<typeof volcengineWordSchema>> | null | undefined,
  speaker?: string,
): TimedWord[] {
  return (words ?? []).flatMap((word) => {
    const text = word.text.trim();
    if (text === '') return [];
    const startMs = Math.round(word.start_time);
    return [
      {
        text,
        startMs,
        endMs: Math.max(startMs, Math.round(word.end_time)),
        ...(speaker !== undefined && { speaker }),
        ...(typeof word.confidence === 'number' && word.confidence > 0 && { confidence: word.confidence }),
      },
    ];
  });
}
