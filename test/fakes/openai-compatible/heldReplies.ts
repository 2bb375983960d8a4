/**
 * `holdJobs` for synchronous vendors: while held, a transcription answer waits until it is
 * released. The fake HTTP kit drops an answer whose client has gone, so a cancelled request
 * simply never receives one.
 */
export interface HeldReplies {
  hold(held: boolean): void;
  /** Resolves at once when nothing is held, otherwise when the hold is lifted. */
  released(): Promise<void>;
}

export function heldReplies(): HeldReplies {
  let waiting: Array<() => void> = [];
  let held = false;
  return {
    hold(next) {
      held = next;
      if (held) return;
      for (const release of waiting) release();
      waiting = [];
    },
    released: () => (held ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve()),
  };
}
