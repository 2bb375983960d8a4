import { useCallback, useEffect, useState } from 'react';
import type { DigestArtefact } from '../../ai/artefacts/sessionDigest.ts';
import type { SessionRecord } from '../../store/records.ts';
import { control, ControlRequestError } from '../connection/control.ts';
import { type AiJobStatus, isEndedAiJob, jobToPickUp } from './aiJobStates.ts';

/** While a job runs, its part and state move every second or so. */
export const aiJobPollMs = 1000;

export interface SessionAiJob {
  /** The job the page follows: the one it started or took up, until it is dismissed. */
  job: AiJobStatus | undefined;
  /** A job is queued or running for the session, or being asked for: nothing else may start. */
  busy: boolean;
  /** Cancel was pressed and the job has not ended yet. */
  cancelling: boolean;
  /** The last refused request (start, cancel, or a question about the job), to show. */
  failure: unknown;
  /** Asks the service for the artefacts named, or all five. */
  generate: (artefacts?: DigestArtefact[]) => void;
  cancel: () => void;
  /** Forgets the ended job and the last failure, which the page then stops showing. */
  dismiss: () => void;
}

interface Followed {
  sessionId: string;
  job: AiJobStatus | undefined;
  starting: boolean;
  cancelling: boolean;
  failure: unknown;
}

const nothingFollowed = { job: undefined, starting: false, cancelling: false, failure: undefined };

/** What is followed for `sessionId`: nothing yet when the page has moved on from another session. */
function ofSession(followed: Followed, sessionId: string): Followed {
  return followed.sessionId === sessionId ? followed : { sessionId, ...nothingFollowed };
}

function pageHidden(): boolean {
  return document.visibilityState === 'hidden';
}

/**
 * The AI job of one session, as the session page follows it: started from the page, or taken up as
 * the page opens (or when the session's artefacts turn `pending` by a job started elsewhere, the
 * CLI or the automatic digest), then asked about (`GET /control/v1/ai-jobs/:id`) every second
 * while it runs and the tab is visible, until it ends.
 */
export function useSessionAiJob(session: SessionRecord): SessionAiJob {
  const sessionId = session.id;
  const [followed, setFollowed] = useState<Followed>({ sessionId, ...nothingFollowed });
  const current = ofSession(followed, sessionId);
  const { job } = current;
  const running = job !== undefined && !isEndedAiJob(job);
  const pendingElsewhere =
    !running &&
    !current.starting &&
    (session.postProcess.status === 'pending' || session.mindMap.status === 'pending');

  useEffect(() => {
    let closed = false;
    control<{ jobs: AiJobStatus[] }>('GET', '/ai-jobs').then(
      ({ jobs }) => {
        const found = jobToPickUp(jobs, sessionId);
        if (closed || found === undefined) return;
        setFollowed((previous) =>
          previous.sessionId === sessionId && previous.job !== undefined && !isEndedAiJob(previous.job)
            ? previous
            : { sessionId, ...nothingFollowed, job: found },
        );
      },
      (failure: unknown) => {
        if (!closed) setFollowed((previous) => ({ ...ofSession(previous, sessionId), failure }));
      },
    );
    return () => {
      closed = true;
    };
  }, [sessionId, pendingElsewhere]);

  const runningJobId = running ? job.jobId : undefined;
  useEffect(() => {
    if (runningJobId === undefined) return;
    let closed = false;
    let asking = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Asks once; whether to ask again (the job goes on, or the service did not answer). */
    const askOnce = async (): Promise<boolean> => {
      try {
        const status = await control<AiJobStatus>('GET', `/ai-jobs/${encodeURIComponent(runningJobId)}`);
        if (!closed) {
          setFollowed((previous) =>
            previous.job?.jobId === runningJobId
              ? {
                  ...previous,
                  job: status,
                  failure: undefined,
                  cancelling: previous.cancelling && !isEndedAiJob(status),
                }
              : previous,
          );
        }
        return !isEndedAiJob(status);
      } catch (failure) {
        // Only the service saying it has no such job ends the following; a service that is away or
        // restarting is asked again, since the next start resumes the job under the same id.
        const gone = failure instanceof ControlRequestError && failure.status === 404;
        if (!closed) {
          setFollowed((previous) => ({ ...previous, failure, job: gone ? undefined : previous.job }));
        }
        return !gone;
      }
    };
    const ask = async () => {
      clearTimeout(timer);
      if (closed || asking || pageHidden()) return;
      asking = true;
      const again = await askOnce();
      asking = false;
      if (again && !closed && !pageHidden()) timer = setTimeout(() => void ask(), aiJobPollMs);
    };
    const askWhenVisible = () => void ask();
    document.addEventListener('visibilitychange', askWhenVisible);
    timer = setTimeout(() => void ask(), aiJobPollMs);
    return () => {
      closed = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', askWhenVisible);
    };
  }, [runningJobId]);

  const generate = useCallback(
    (artefacts?: DigestArtefact[]) => {
      setFollowed({ sessionId, ...nothingFollowed, starting: true });
      control<AiJobStatus>(
        'POST',
        `/sessions/${encodeURIComponent(sessionId)}/ai-jobs`,
        artefacts === undefined ? {} : { artefacts },
      ).then(
        (status) => setFollowed({ sessionId, ...nothingFollowed, job: status }),
        (failure: unknown) => setFollowed({ sessionId, ...nothingFollowed, failure }),
      );
    },
    [sessionId],
  );

  const cancel = useCallback(() => {
    if (runningJobId === undefined) return;
    setFollowed((previous) => ({ ...previous, cancelling: true, failure: undefined }));
    control<AiJobStatus>('POST', `/ai-jobs/${encodeURIComponent(runningJobId)}/cancel`).then(
      (status) =>
        setFollowed((previous) =>
          previous.job?.jobId === runningJobId
            ? { ...previous, job: status, cancelling: !isEndedAiJob(status) }
            : previous,
        ),
      (failure: unknown) => setFollowed((previous) => ({ ...previous, cancelling: false, failure })),
    );
  }, [runningJobId]);

  const dismiss = useCallback(() => setFollowed({ sessionId, ...nothingFollowed }), [sessionId]);

  return {
    job,
    busy: running || current.starting,
    cancelling: current.cancelling,
    failure: current.failure,
    generate,
    cancel,
    dismiss,
  };
}
