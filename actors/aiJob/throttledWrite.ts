/**
 * A write asked for often (an answer growing piece by piece) done at most once per interval: the
 * first request writes at once, later ones within the interval are folded into one write at its
 * end, which reads whatever is newest then. Nothing is lost but intermediate states.
 */
export class ThrottledWrite {
  private readonly intervalMs: number;
  private readonly write: () => void;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;

  constructor(intervalMs: number, write: () => void) {
    this.intervalMs = intervalMs;
    this.write = write;
  }

  request(): void {
    if (this.timer !== undefined) return;
    const wait = this.lastWriteAt + this.intervalMs - Date.now();
    if (wait <= 0) this.writeNow();
    else
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.writeNow();
      }, wait);
  }

  /** Writes now, dropping a write that was waiting (it would write the same). */
  writeNow(): void {
    this.cancel();
    this.lastWriteAt = Date.now();
    this.write();
  }

  /** Drops a write that was waiting, for a caller about to write something final itself. */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
