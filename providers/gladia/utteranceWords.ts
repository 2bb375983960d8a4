import type { z } from 'zod';
import type { TimedWord } from '../contract.ts';
import { secondsToMs } from '../untimedSegments.ts';
import type { gladiaUtteranceSchema } from './gladiaAnswers.ts';

type Utterance = Pick<z.output<typeof gladiaUtteranceSchema>, 'speaker' | 'words'>;

/**
 * An utterance's words in ms, trimmed of the space Gladia puts before them, each with the
 * utterance's speaker when it has one (Gladia labels utterances, not words).
 */
export function utteranceWords(utterance: Utterance): TimedWord[] {
  const speaker = speakerLabel(utterance.speaker);
  return (utterance.words ?? []).flatMap((word) => {
    const text = word.word.trim();
    if (text === '') return [];
    return [
      {
        text,
        startMs: secondsToMs(word.start),
        endMs: secondsToMs(word.end),
        ...(speaker !== null && { speaker }),
        ...(typeof word.confidence === 'number' && { confidence: word.confidence }),
      },
    ];
  });
}

/** Gladia numbers speakers from 0; the number is kept as the label. */
export function speakerLabel(speaker: number | null | undefined): string | null {
  return speaker === null || speaker === undefined ? null : String(speaker);
}
