import { useCallback, useRef, useState } from 'react';
import type { QuestionStarted } from '../../api/control/aiJobControl.ts';
import { control } from '../connection/control.ts';
import type { AiJobStatus } from './aiJobStates.ts';

export interface QuestionAsking {
  /** Asks the service to answer; true once its job exists (the entry is then in the session). */
  ask: (question: string) => Promise<boolean>;
  /** A question is being sent. */
  sending: boolean;
  /** Cancels the job that answers the entry. */
  stop: (entryId: string) => void;
  /** The entries whose Stop was pressed; what they show while they are still pending. */
  stopping: ReadonlySet<string>;
  /** The last refused request (ask or stop), to show. */
  failure: unknown;
  dismiss: () => void;
}

/**
 * Asking questions about a session and stopping their answers. The entries themselves are read from
 * the replica, which shows each answer as it grows; this only sends. A question asked elsewhere (the
 * CLI, another window) can be stopped too: its job is found by the entry it answers.
 */
export function useQuestionAsking(sessionId: string): QuestionAsking {
  const [sending, setSending] = useState(false);
  const [stopping, setStopping] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<unknown>();
  const jobOfEntry = useRef(new Map<string, string>());

  const ask = useCallback(
    async (question: string) => {
      setSending(true);
      setFailure(undefined);
      try {
        const started = await control<QuestionStarted>(
          'POST',
          `/sessions/${encodeURIComponent(sessionId)}/questions`,
          { question },
        );
        jobOfEntry.current.set(started.entryId, started.jobId);
        return true;
      } catch (error) {
        setFailure(error);
        return false;
      } finally {
        setSending(false);
      }
    },
    [sessionId],
  );

  const stop = useCallback((entryId: string) => {
    setStopping((current) => new Set(current).add(entryId));
    setFailure(undefined);
    const forget = () =>
      setStopping((current) => new Set([...current].filter((candidate) => candidate !== entryId)));
    void (async () => {
      try {
        const jobId = jobOfEntry.current.get(entryId) ?? (await jobAnswering(entryId));
        if (jobId === undefined) {
          forget();
          return;
        }
        await control<AiJobStatus>('POST', `/ai-jobs/${encodeURIComponent(jobId)}/cancel`);
      } catch (error) {
        setFailure(error);
        forget();
      }
    })();
  }, []);

  const dismiss = useCallback(() => setFailure(undefined), []);
  return { ask, sending, stop, stopping, failure, dismiss };
}

async function jobAnswering(entryId: string): Promise<string | undefined> {
  const { jobs } = await control<{ jobs: AiJobStatus[] }>('GET', '/ai-jobs');
  return jobs.find((job) => job.kind === 'question' && job.entryId === entryId)?.jobId;
}
