import type { LiveEvent } from '../contract.ts';

export type Final = Extract<LiveEvent, { type: 'final' }>;

/**
 * One final per commit. With timestamps on, Scribe sends `committed_transcript` and then
 * `committed_transcript_with_timestamps` for the same words: the plain one is held until its timed
 * twin replaces it. Should a second plain commit arrive first, the server evidently sends no twins,
 * and plain commits count from then on.
 */
export class CommitTwins {
  private timestampsExpected = true;
  private held: Final | undefined;

  expectTimestamps(expected: boolean): void {
    this.timestampsExpected = expected;
  }

  plain(text: string): Final[] {
    const final: Final = { type: 'final', text };
    if (!this.timestampsExpected) return nonEmpty([final]);
    if (this.held === undefined) {
      this.held = final;
      return [];
    }
    const previous = this.held;
    this.held = undefined;
    this.timestampsExpected = false;
    return nonEmpty([previous, final]);
  }

  timed(final: Final): Final[] {
    this.held = undefined;
    return nonEmpty([final]);
  }

  /** No commit is waiting for its twin. */
  settled(): boolean {
    return this.held === undefined;
  }
}

function nonEmpty(finals: Final[]): Final[] {
  return finals.filter((final) => final.text !== '');
}
