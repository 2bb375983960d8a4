import type { SessionStore } from '../../store/sessionStore.ts';

/** A step every this often: each takes tens of milliseconds of one core. */
const defaultStepEveryMs = 2_000;

/**
 * Keeps the search indexes merged (store/upkeep/) in the service's quiet moments: a step at a time
 * while `idle()` says nothing records, until there is nothing left to merge, and again after the
 * next change to the sessions. `step` merges on a thread of its own (SearchIndexMerger). Returns
 * the function that stops it.
 */
export function startSearchIndexMerging(
  store: Pick<SessionStore, 'watchRows'>,
  options: {
    step: () => Promise<boolean>;
    idle: () => boolean;
    stepEveryMs?: number;
    report?: (message: string) => void;
  },
): () => void {
  // A directory written by an earlier start may have segments left to merge.
  let mayHaveWork = true;
  let stepping = false;
  let stopped = false;
  const unwatch = store.watchRows((touched) => {
    if (touched.sessions !== undefined) mayHaveWork = true;
  });
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    unwatch();
  };
  const timer = setInterval(() => {
    if (stepping || !mayHaveWork || !options.idle()) return;
    stepping = true;
    options.step().then(
      (more) => {
        stepping = false;
        mayHaveWork = more;
      },
      (error: unknown) => {
        stepping = false;
        if (stopped) return;
        // Searches still work on unmerged indexes, only slower: say so and leave the rest be.
        stop();
        (options.report ?? console.error)(
          `Merging the search indexes stopped until the next start: ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
  }, options.stepEveryMs ?? defaultStepEveryMs);
  // Merging is upkeep: it must never keep the process alive.
  timer.unref();
  return stop;
}
