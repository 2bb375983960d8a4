import type { LiveEvent, TimedWord } from '../contract.ts';

type TranscriptEvent = Extract<LiveEvent, { type: 'partial' | 'final' }>;
type Final = Extract<LiveEvent, { type: 'final' }>;

/** One `transcription` message as far as finals are concerned. */
export interface SentenceResult {
  text: string;
  /** The canonical result of a sentence, the only one reported as final. */
  speechFinal: boolean;
  sentenceId?: string;
  startMs?: number;
  endMs?: number;
  language?: string | null;
  words?: TimedWord[];
  speaker?: string;
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
  /** The latest result of each sentence not yet final, as the final it would become. */
  private readonly open = new Map<string, Final>();

  add(result: SentenceResult): TranscriptEvent | undefined {
    const key = result.sentenceId ?? '';
    if (result.sentenceId !== undefined && this.finalised.has(result.sentenceId)) return undefined;
    const text = result.text.trim();
    const timing = {
      ...(result.startMs !== undefined && { startMs: result.startMs }),
      ...(result.endMs !== undefined && { endMs: result.endMs }),
      language: result.language ?? null,
    };
    const final: Final = {
      type: 'final',
      text,
      ...timing,
      ...(result.speaker !== undefined && { speaker: result.speaker }),
      ...(result.words !== undefined && result.words.length > 0 && { words: result.words }),
    };
    if (result.speechFinal) {
      if (result.sentenceId !== undefined) this.finalised.add(result.sentenceId);
      this.open.delete(key);
      this.open.delete('');
      return text === '' ? undefined : final;
    }
    if (text === '') return undefined;
    this.open.set(key, final);
    return { type: 'partial', text, ...timing };
  }

  /** The session stopped: what never got its canonical result becomes final now. */
  end(): TranscriptEvent[] {
    const finals = [...this.open.values()];
    this.open.clear();
    return finals;
  }
}
