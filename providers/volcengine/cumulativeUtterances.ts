import type { z } from 'zod';

import type { LiveEvent } from '../contract.ts';
import { utteranceWords, type volcengineWordSchema } from './utteranceWords.ts';

/** One sentence of a Volcengine result; times are milliseconds of the connection's audio. */
export interface Utterance {
  text: string;
  start_time: number;
  end_time: number;
  /** The sentence will not change any more. */
  definite?: boolean | null;
  words?: ReadonlyArray<z.output<typeof volcengineWordSchema>> | null;
}

type TranscriptEvent = Extract<LiveEvent, { type: 'partial' | 'final' }>;

/**
 * Turns Volcengine's cumulative results (`result_type: full`: every sentence so far, again in each
 * response) into the contract's events: each definite sentence becomes one `final`, once, with
 * its timed words; the
 * sentence still being recognised becomes the `partial`. The terminal response commits whatever
 * it still holds, so the last words are kept even when the vendor leaves them indefinite.
 */
export class CumulativeUtterances {
  /** The last sentence committed; everything up to its end has been reported. */
  private committed: { startMs: number; endMs: number } | undefined;
  private partialText = '';
  /** The indefinite sentences of the previous response, for a terminal response that omits them. */
  private tentative: Utterance[] = [];

  /** The events one response adds; `last` marks the vendor's terminal response. */
  update(utterances: readonly Utterance[] | null | undefined, last: boolean): TranscriptEvent[] {
    const fresh = (last && (utterances ?? []).length === 0 ? this.tentative : (utterances ?? [])).filter(
      (utterance) => this.isNew(utterance),
    );
    const events: TranscriptEvent[] = [];
    const tentative: Utterance[] = [];
    for (const utterance of fresh) {
      if (utterance.definite !== true && !last) {
        tentative.push(utterance);
        continue;
      }
      const startMs = Math.round(utterance.start_time);
      const endMs = Math.round(utterance.end_time);
      this.committed = { startMs, endMs };
      this.partialText = '';
      const text = utterance.text.trim();
      const words = utteranceWords(utterance.words);
      if (text !== '')
        events.push({ type: 'final', text, startMs, endMs, ...(words.length > 0 && { words }) });
    }
    this.tentative = tentative;
    const partial = this.partial(tentative);
    if (partial !== undefined) events.push(partial);
    return events;
  }

  /** A sentence after the last committed one; a definite sentence stays where it was reported. */
  private isNew(utterance: Utterance): boolean {
    if (this.committed === undefined) return true;
    const startMs = Math.round(utterance.start_time);
    const endMs = Math.round(utterance.end_time);
    if (startMs === this.committed.startMs && endMs === this.committed.endMs) return false;
    return startMs >= this.committed.endMs;
  }

  private partial(tentative: readonly Utterance[]): TranscriptEvent | undefined {
    const first = tentative[0];
    const last = tentative.at(-1);
    const text = tentative
      .map((utterance) => utterance.text.trim())
      .filter((piece) => piece !== '')
      .join(' ');
    if (first === undefined || last === undefined || text === '' || text === this.partialText)
      return undefined;
    this.partialText = text;
    return {
      type: 'partial',
      text,
      startMs: Math.round(first.start_time),
      endMs: Math.round(last.end_time),
    };
  }
}
