import { useCallback, useEffect, useState } from 'react';
import { control } from '../connection/control.ts';
import type { ListedJobs } from './fileRows.ts';
import { type FileJobStatus, isEndedJob } from './jobStates.ts';

/** While a job runs, its progress moves every second or so. */
export const busyPollMs = 1000;
/** With nothing running, only a job started elsewhere (the CLI, another tab) is news. */
export const idlePollMs = 5000;

/** How long the page waits before asking for the service's jobs again. */
export function listPollDelay(jobs: FileJobStatus[], queueBusy: boolean): number {
  return queueBusy || jobs.some((job) => !isEndedJob(job)) ? busyPollMs : idlePollMs;
}

function pageHidden(): boolean {
  return document.visibilityState === 'hidden';
}

export interface ServiceJobs extends ListedJobs {
  /** The last refusal of the list, to show; undefined after an answer. */
  failure: unknown;
  /** Asks again at once (after a cancel, to show it without waiting). */
  refresh: () => void;
}

/**
 * The service's file jobs (`GET /control/v1/transcriptions`), asked while the page is shown and
 * visible: every second while one is unfinished or `queueBusy`, every few seconds otherwise, and
 * at once when the tab comes back into view. A failed question keeps the jobs last heard.
 */
export function useServiceJobs(queueBusy: boolean): ServiceJobs {
  const [state, setState] = useState<{ jobs: FileJobStatus[]; failure: unknown }>({
    jobs: [],
    failure: undefined,
  });
  const [generation, setGeneration] = useState(0);
  const delay = listPollDelay(state.jobs, queueBusy);
  useEffect(() => {
    let closed = false;
    let asking = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      clearTimeout(timer);
      if (closed || asking || pageHidden()) return;
      asking = true;
      try {
        const answer = await control<{ jobs: FileJobStatus[] }>('GET', '/transcriptions');
        if (!closed) setState({ jobs: answer.jobs, failure: undefined });
      } catch (failure) {
        if (!closed) setState((previous) => ({ jobs: previous.jobs, failure }));
      } finally {
        asking = false;
      }
      if (!closed && !pageHidden()) timer = setTimeout(() => void ask(), delay);
    };
    const askWhenVisible = () => void ask();
    document.addEventListener('visibilitychange', askWhenVisible);
    void ask();
    return () => {
      closed = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', askWhenVisible);
    };
  }, [delay, generation]);
  const refresh = useCallback(() => setGeneration((count) => count + 1), []);
  return { jobs: state.jobs, unanswered: state.failure !== undefined, failure: state.failure, refresh };
}
