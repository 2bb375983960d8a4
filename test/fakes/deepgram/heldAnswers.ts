/**
 * `holdJobs` for fakes of synchronous vendors: while held, answers wait; on release they go out,
 * and the fake server drops any whose client has meanwhile disconnected.
 */
export interface HeldAnswers {
  hold: (hold: boolean) => void;
  /** Resolves at once when not held, otherwise on release. */
  wait: () => Promise<void>;
}

export function heldAnswers(): HeldAnswers {
  let holding = false;
  const waiting = new Set<() => void>();
  return {
    hold: (hold) => {
      holding = hold;
      if (hold) return;
      for (const release of waiting) release();
      waiting.clear();
    },
    wait: () => (holding ? new Promise<void>((resolve) => waiting.add(resolve)) : Promise.resolve()),
  };
}
