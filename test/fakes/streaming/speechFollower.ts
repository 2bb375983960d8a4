import { type HeardWord, recogniseSlot, slotBytes, slotMs } from './markedSpeech.ts';

/** What a fake recogniser has to say after a piece of audio. */
export type FollowerUpdate =
  { kind: 'partial'; words: HeardWord[] } | { kind: 'final'; words: HeardWord[]; endOfSpeech: boolean };

/**
 * Follows the audio of one connection the way a streaming recogniser does: words are recognised
 * per 400 ms slot; the utterance in progress is reported as a partial every other slot; it becomes
 * final at a silent slot, when it reaches `maxWords`, or at the end of the stream. Times are from
 * the start of this connection's audio.
 */
export class SpeechFollower {
  private pending = Buffer.alloc(0);
  private slotIndex = 0;
  private utterance: HeardWord[] = [];
  private readonly maxWords: number;

  constructor(options: { maxWords?: number } = {}) {
    this.maxWords = options.maxWords ?? 6;
  }

  /** Audio received so far, in ms. */
  get heardMs(): number {
    return this.slotIndex * slotMs + (this.pending.length / slotBytes) * slotMs;
  }

  push(pcm: Uint8Array): FollowerUpdate[] {
    this.pending = Buffer.concat([this.pending, pcm]);
    const updates: FollowerUpdate[] = [];
    while (this.pending.length >= slotBytes) {
      const slot = this.pending.subarray(0, slotBytes);
      this.pending = this.pending.subarray(slotBytes);
      const startMs = this.slotIndex * slotMs;
      this.slotIndex++;
      const word = recogniseSlot(slot);
      if (word === null) {
        if (this.utterance.length > 0) updates.push(this.commit(true));
        continue;
      }
      this.utterance.push({ word, startMs, endMs: startMs + slotMs });
      if (this.utterance.length >= this.maxWords) updates.push(this.commit(false));
      else if (this.utterance.length % 2 === 0) updates.push({ kind: 'partial', words: [...this.utterance] });
    }
    return updates;
  }

  /** End of stream: what is still open becomes final. */
  flush(): FollowerUpdate[] {
    return this.utterance.length > 0 ? [this.commit(true)] : [];
  }

  private commit(endOfSpeech: boolean): FollowerUpdate {
    const words = this.utterance;
    this.utterance = [];
    return { kind: 'final', words, endOfSpeech };
  }
}

export function wordsText(words: readonly HeardWord[]): string {
  return words.map((word) => word.word).join(' ');
}
