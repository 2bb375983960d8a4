import type { LiveEvent } from '../contract.ts';

type TranscriptEvent = Extract<LiveEvent, { type: 'partial' | 'final' }>;

/** One `transcription` message as far as finals are concerned. */
export interface SentenceResult {
  text: string;
  /** The canonical result of a sentence, the only one reported as final. */
  speechFinal: boolean;
  sentenceId?: string;
  startMs?: number;
  endMs?: number;
  language?: string | null;
}

/**
 * 60db's two-phase finals: with a context, each sentence first comes as `is_final` but not
 * `speech_final` (fast text, shown as a partial), then as `speech_final` (refined text, the one
 * final); without a context only the second comes. A sentence is finalised once, whatever else
 * arrives under its `sentence_id`. A result without an id belongs to the sentence in progress.
 * Sentences still open when the session stops are committed with their latest text, so the
 * last words survive a server that never sent their `speech_final`.
 */
export class SentenceFinals {
  private readonly finalised = new Set<string>();
  private readonly open = new Map<string, TranscriptEvent>();

  add(result: SentenceResult): TranscriptEvent | undefined {
    const key = result.sentenceId ?? '';
    if (result.sentenceId !== undefined && this.finalised.has(result.sentenceId)) return undefined;
    const text = result.text.trim();
    const timing = {
      ...(result.startMs !== undefined && { startMs: result.startMs }),
      ...(result.endMs !== undefined && { endMs: result.endMs }),
      language: result.language ?? null,
    };
    if (result.speechFinal) {
      if (result.sentenceId !== undefined) this.finalised.add(result.sentenceId);
      this.open.delete(key);
      this.open.delete('');
      return text === '' ? undefined : { type: 'final', text, ...timing };
    }
    if (text === '') return undefined;
    const partial: TranscriptEvent = { type: 'partial', text, ...timing };
    this.open.set(key, partial);
    return partial;
  }

  /** The session stopped: what never got its canonical result becomes final now. */
  end(): TranscriptEvent[] {
    const finals = [...this.open.values()].map((open): TranscriptEvent => ({ ...open, type: 'final' }));
    this.open.clear();
    return finals;
  }
}
