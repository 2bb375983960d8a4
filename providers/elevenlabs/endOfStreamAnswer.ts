import type { Final } from './commitTwins.ts';

/**
 * The shortest silence after which Scribe's VAD commits (`vad_silence_threshold_secs` is at least
 * 0.3): a commit whose last word ends closer than this to the end of the audio sent was not made by
 * VAD, so it answers the end-of-stream commit.
 */
const shortestVadSilenceMs = 300;
/** How long to wait for a later commit when one that arrived might still be a VAD commit in flight. */
const answerGraceMs = 1500;

/**
 * Scribe has no end-of-stream message: the client commits, and the commit that answers is the last
 * one. VAD commits of earlier utterances may still be on their way when the end-of-stream commit is
 * sent, so a commit after it is taken as the answer when it is empty (nothing was left to commit),
 * when its words reach the end of the audio, or when nothing follows it for a moment.
 */
export class EndOfStreamAnswer {
  private audioMs = 0;
  private graceTimer: NodeJS.Timeout | undefined;
  private readonly answered: () => void;

  constructor(answered: () => void) {
    this.answered = answered;
  }

  audioSent(bytes: number): void {
    this.audioMs += bytes / 32;
  }

  /** A commit arrived after the end-of-stream commit (`finals` are what it added, maybe nothing). */
  commitArrived(finals: readonly Final[]): void {
    clearTimeout(this.graceTimer);
    const endMs = finals.at(-1)?.endMs;
    if (finals.length === 0 || (endMs !== undefined && endMs + shortestVadSilenceMs > this.audioMs)) {
      this.graceTimer = undefined;
      this.answered();
      return;
    }
    this.waitForLaterCommit();
  }

  /** A partial while we wait shows that Scribe is still working on the audio. */
  stillTranscribing(): void {
    if (this.graceTimer !== undefined) this.waitForLaterCommit();
  }

  private waitForLaterCommit(): void {
    clearTimeout(this.graceTimer);
    this.graceTimer = setTimeout(() => {
      this.graceTimer = undefined;
      this.answered();
    }, answerGraceMs);
    this.graceTimer.unref();
  }
}
