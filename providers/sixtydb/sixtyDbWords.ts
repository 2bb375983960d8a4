import { z } from 'zod';

import type { TimedWord } from '../contract.ts';
import { speakerHeardLongest } from '../speakerHeardLongest.ts';

/**
 * A word of a 60db result; its times (seconds) come only with word timestamps. Live words are
 * documented less firmly than REST ones, so one schema, as loose as either needs, reads both.
 */
export const sixtyDbWordSchema = z.object({
  word: z.string().nullish(),
  start: z.number().nullish(),
  end: z.number().nullish(),
  confidence: z.number().nullish(),
});

/** With `diarize`, each speaker heard in a result, with when (seconds), so one result may name several. */
export const sixtyDbSpeakersSchema = z
  .array(z.object({ speaker: z.string(), start: z.number().nullish(), end: z.number().nullish() }))
  .nullish();

type Turn = { speaker: string; startMs?: number; endMs?: number };

/**
 * A result's timed words and its speaker. 60db names speakers by turn, not by word: the result
 * takes the speaker heard longest within it (the first listed when the turns carry no times), and
 * a word the speaker whose turn holds its middle (else the result's). Untimed words are left out.
 */
export function wordsAndSpeaker(
  result: {
    /** The result's own span, when it has one: turns are counted only within it. */
    startMs?: number;
    endMs?: number;
    words?: ReadonlyArray<z.output<typeof sixtyDbWordSchema>> | null;
    speakers?: z.output<typeof sixtyDbSpeakersSchema>;
  },
  speakers: boolean,
): { words: TimedWord[]; speaker?: string } {
  const turns: Turn[] = speakers
    ? (result.speakers ?? []).map(({ speaker, start, end }) => ({
        speaker,
        ...(typeof start === 'number' && { startMs: Math.round(start * 1000) }),
        ...(typeof end === 'number' && { endMs: Math.round(end * 1000) }),
      }))
    : [];
  const speaker = speakerHeardLongest(
    turns.map(({ speaker: name, startMs, endMs }) => ({
      speaker: name,
      startMs: Math.max(startMs ?? 0, result.startMs ?? 0),
      endMs: Math.min(endMs ?? 0, result.endMs ?? Infinity),
    })),
  );
  const words = (result.words ?? []).flatMap((word): TimedWord[] => {
    const text = word.word?.trim() ?? '';
    if (text === '' || typeof word.start !== 'number' || typeof word.end !== 'number') return [];
    const startMs = Math.round(word.start * 1000);
    const endMs = Math.max(startMs, Math.round(word.end * 1000));
    const middleMs = (startMs + endMs) / 2;
    const wordSpeaker =
      turns.find((turn) => (turn.startMs ?? Infinity) <= middleMs && middleMs <= (turn.endMs ?? -Infinity))
        ?.speaker ?? speaker;
    return [
      {
        text,
        startMs,
        endMs,
        ...(wordSpeaker !== undefined && { speaker: wordSpeaker }),
        ...(typeof word.confidence === 'number' && { confidence: word.confidence }),
      },
    ];
  });
  return { words, ...(speaker !== undefined && { speaker }) };
}
