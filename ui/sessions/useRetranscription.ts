import { useCallback, useEffect, useState } from 'react';
import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import type { z } from 'zod';
import type {
  transcriptVersionSchema,
  transcriptVersionsSchema,
} from '../../api/control/retranscriptionControl.ts';
import { control } from '../connection/control.ts';
import { aiJobPollMs } from './useSessionAiJob.ts';

export type TranscriptVersion = z.infer<typeof transcriptVersionSchema>;

export interface RetranscriptionFollowed {
  /** The newest version still to decide on or being made, or the last one settled; undefined until asked. */
  current: TranscriptVersion | null | undefined;
  /** The job of a version being made, as last asked about, for its progress. */
  job: FileJobStatus | undefined;
  /** A request is on its way: nothing else may be asked until it is answered. */
  sending: boolean;
  /** The last refused request, to show. */
  failure: unknown;
  start: (providerId: string, gapsOnly: boolean) => void;
  keep: () => void;
  discard: () => void;
  dismiss: () => void;
}

/**
 * The session's transcript made again from its audio (`GET /sessions/:id/versions`): read as the
 * page opens, and again every second while a version is being made, with its file job's progress.
 */
export function useRetranscription(sessionId: string): RetranscriptionFollowed {
  const sessionPath = `/sessions/${encodeURIComponent(sessionId)}`;
  const [current, setCurrent] = useState<TranscriptVersion | null>();
  const [job, setJob] = useState<FileJobStatus>();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(undefined);

  useEffect(() => {
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const { versions } = await control<z.infer<typeof transcriptVersionsSchema>>(
          'GET',
          `${sessionPath}/versions`,
        );
        const newest = versions.find((version) => version.state !== 'superseded') ?? null;
        const status =
          newest?.state === 'pending' && newest.jobId !== null
            ? await control<FileJobStatus>(
                'GET',
                `/transcriptions/${encodeURIComponent(newest.jobId)}`,
              ).catch(() => undefined)
            : undefined;
        if (closed) return;
        setJob(status);
        setCurrent(newest);
      } catch (error) {
        if (!closed) setFailure(error);
      }
    };
    // At once as the page opens; then a second after each answer while a version is being made.
    if (current === undefined) void ask();
    else if (current?.state === 'pending') timer = setTimeout(() => void ask(), aiJobPollMs);
    return () => {
      closed = true;
      clearTimeout(timer);
    };
  }, [sessionPath, current, job]);

  const send = useCallback((request: () => Promise<TranscriptVersion>) => {
    setSending(true);
    setFailure(undefined);
    request().then(
      (version) => {
        setCurrent(version);
        setSending(false);
      },
      (error: unknown) => {
        setFailure(error);
        setSending(false);
      },
    );
  }, []);

  return {
    current,
    job,
    sending,
    failure,
    start: (providerId, gapsOnly) =>
      send(() =>
        control<{ version: TranscriptVersion }>('POST', `${sessionPath}/retranscriptions`, {
          provider: providerId,
          ...(gapsOnly ? { gapsOnly } : {}),
        }).then((started) => started.version),
      ),
    keep: () => send(() => control<TranscriptVersion>('POST', `${sessionPath}/retranscriptions/keep`)),
    discard: () => send(() => control<TranscriptVersion>('POST', `${sessionPath}/retranscriptions/discard`)),
    dismiss: () => setFailure(undefined),
  };
}
