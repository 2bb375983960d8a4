import { z } from 'zod';
import type { LiveEvent, TimedWord } from '../contract.ts';

const wordSchema = z.object({
  /** Milliseconds from the start of the stream's audio. */
  start: z.number(),
  end: z.number(),
  text: z.string(),
  confidence: z.number().optional(),
  /** With `speaker_labels` only. */
  speaker: z.string().optional(),
});

export const turnSchema = z.object({
  turn_order: z.number().int(),
  turn_is_formatted: z.boolean().default(false),
  end_of_turn: z.boolean(),
  transcript: z.string(),
  words: z.array(wordSchema).default([]),
  language_code: z.string().nullish(),
  /** The turn's speaker, with `speaker_labels` only. */
  speaker_label: z.string().optional(),
});

export type Turn = z.output<typeof turnSchema>;
type TurnEvent = Extract<LiveEvent, { type: 'partial' } | { type: 'final' }>;

/**
 * Turns AssemblyAI `Turn` messages into one partial per update and exactly one final per
 * `turn_order`. With `format_turns`, an end of turn arrives twice: unformatted, then formatted;
 * the formatted one is the final and the unformatted one only a partial. Should the formatted copy
 * not come (a new turn starts, or the stream ends first), the unformatted one becomes the final.
 */
export class TurnEvents {
  private readonly formattedFollowUp: boolean;
  private lastFinalOrder = -1;
  private awaitingFormat: { order: number; final: TurnEvent } | undefined;

  /** `formattedFollowUp`: the model sends a formatted copy after each unformatted end of turn. */
  constructor(formattedFollowUp: boolean) {
    this.formattedFollowUp = formattedFollowUp;
  }

  turn(turn: Turn): TurnEvent[] {
    const events = this.awaitingFormat?.order === turn.turn_order ? [] : this.commitAwaited();
    // A turn already committed: a late copy of it must not add its words again.
    if (turn.turn_order <= this.lastFinalOrder) return events;
    if (!turn.end_of_turn) return [...events, ...withText(event('partial', turn, partialText(turn)))];
    const final = event('final', turn, turn.transcript);
    if (turn.turn_is_formatted || !this.formattedFollowUp) {
      this.awaitingFormat = undefined;
      this.lastFinalOrder = turn.turn_order;
      return [...events, ...withText(final)];
    }
    this.awaitingFormat = { order: turn.turn_order, final };
    return [...events, ...withText(event('partial', turn, turn.transcript))];
  }

  /** The stream ended (`Termination`): an end of turn still waiting for its formatted copy is final. */
  terminated(): TurnEvent[] {
    return this.commitAwaited();
  }

  private commitAwaited(): TurnEvent[] {
    const awaited = this.awaitingFormat;
    if (awaited === undefined) return [];
    this.awaitingFormat = undefined;
    this.lastFinalOrder = awaited.order;
    return withText(awaited.final);
  }
}

/** A partial, or a final with the turn's timed words and, with `speaker_labels`, its speaker. */
function event(type: TurnEvent['type'], turn: Turn, text: string): TurnEvent {
  const first = turn.words[0];
  const last = turn.words.at(-1);
  const common = {
    text: text.trim(),
    startMs: first === undefined ? undefined : Math.round(first.start),
    endMs: last === undefined ? undefined : Math.round(last.end),
    language: turn.language_code ?? null,
  };
  if (type === 'partial') return { type, ...common };
  return {
    type,
    ...common,
    ...(turn.speaker_label !== undefined && { speaker: turn.speaker_label }),
    ...(turn.words.length > 0 && { words: turn.words.map(timedWord) }),
  };
}

function timedWord(word: Turn['words'][number]): TimedWord {
  return {
    text: word.text,
    startMs: Math.round(word.start),
    endMs: Math.round(word.end),
    ...(word.speaker !== undefined && { speaker: word.speaker }),
    ...(word.confidence !== undefined && { confidence: word.confidence }),
  };
}

/**
 * While a turn is open, `transcript` holds only the words the model has settled on; `words` also
 * has the newest, still changing ones, which a partial should show.
 */
function partialText(turn: Turn): string {
  return turn.words.length > 0 ? turn.words.map((word) => word.text).join(' ') : turn.transcript;
}

function withText(event: TurnEvent): TurnEvent[] {
  return event.text === '' ? [] : [event];
}
