import { useCallback, useEffect, useState } from 'react';
import type { TranscriptRevisions } from '../../api/control/transcriptRevisionControl.ts';
import { control } from '../connection/control.ts';
import type { AiJobStatus } from './aiJobStates.ts';
import { aiJobPollMs } from './useSessionAiJob.ts';

export type { TranscriptRevisions } from '../../api/control/transcriptRevisionControl.ts';

export interface TranscriptRevisionsFollowed {
  /** The newest correction and translation, as the service last answered; undefined until it does. */
  revisions: TranscriptRevisions | undefined;
  /** The AI job of each revision still pending, as last asked about, for its part N of M. */
  correctionJob: AiJobStatus | undefined;
  translationJob: AiJobStatus | undefined;
  /** A request is on its way: nothing else may be asked until it is answered. */
  sending: boolean;
  /** The last refused request, to show. */
  failure: unknown;
  correct: () => void;
  translate: (language: string) => void;
  keep: () => void;
  discard: () => void;
  dismiss: () => void;
}

/**
 * The session's corrected and translated transcripts (`GET /sessions/:id/revisions`), read as the
 * page opens and asked about again every second while one is pending, with its AI job, so the page
 * shows the job's progress and then the proposal or the translation as soon as it is there.
 */
export function useTranscriptRevisions(sessionId: string): TranscriptRevisionsFollowed {
  const sessionPath = `/sessions/${encodeURIComponent(sessionId)}`;
  const [revisions, setRevisions] = useState<TranscriptRevisions>();
  const [jobs, setJobs] = useState<{ correction?: AiJobStatus; translation?: AiJobStatus }>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(undefined);

  useEffect(() => {
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pendingJobIds = (['correction', 'translation'] as const).map((kind) => {
      const revision = revisions?.[kind];
      return revision?.state === 'pending' ? (revision.jobId ?? undefined) : undefined;
    });
    const jobOf = (jobId: string | undefined) =>
      jobId === undefined
        ? Promise.resolve(undefined)
        : control<AiJobStatus>('GET', `/ai-jobs/${encodeURIComponent(jobId)}`).catch(() => undefined);
    const ask = async () => {
      try {
        const [answer, correction, translation] = await Promise.all([
          control<TranscriptRevisions>('GET', `${sessionPath}/revisions`),
          ...pendingJobIds.map(jobOf),
        ]);
        if (closed) return;
        setJobs({ correction, translation });
        setRevisions(answer);
      } catch (error) {
        if (!closed) setFailure(error);
      }
    };
    // Read at once as the page opens; then again a second after each answer while a revision is
    // pending. Nothing but a job changes a settled revision, and this page's own requests answer
    // with the new state.
    const pending = revisions?.correction?.state === 'pending' || revisions?.translation?.state === 'pending';
    if (revisions === undefined) void ask();
    else if (pending) timer = setTimeout(() => void ask(), aiJobPollMs);
    return () => {
      closed = true;
      clearTimeout(timer);
    };
  }, [sessionPath, revisions]);

  const send = useCallback(
    (path: string, body?: unknown) => {
      setSending(true);
      setFailure(undefined);
      const request =
        body === undefined
          ? control<TranscriptRevisions>('POST', `${sessionPath}${path}`)
          : control<AiJobStatus>('POST', `${sessionPath}${path}`, body).then(() =>
              control<TranscriptRevisions>('GET', `${sessionPath}/revisions`),
            );
      request.then(
        (answer) => {
          setRevisions(answer);
          setSending(false);
        },
        (error: unknown) => {
          setFailure(error);
          setSending(false);
        },
      );
    },
    [sessionPath],
  );

  return {
    revisions,
    correctionJob: jobs.correction,
    translationJob: jobs.translation,
    sending,
    failure,
    correct: () => send('/corrections', {}),
    translate: (language) => send('/translations', { to: language }),
    keep: () => send('/corrections/keep'),
    discard: () => send('/corrections/discard'),
    dismiss: () => setFailure(undefined),
  };
}
