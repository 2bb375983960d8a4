import type { SessionClosing } from '../../machines/fileJob.ts';
import type { NewSegment, SessionStore } from '../../store/sessionStore.ts';
import { changeSessionStatus } from '../sessionStatusChange.ts';

/**
 * Where a file job's transcript goes: a session of its own (a file transcribed), or a version of an
 * existing session's transcript (its audio transcribed again, retranscriptionDestination.ts).
 */
export interface FileJobDestination {
  /** Before the first chunk, and again when a restart resumes the job; throws when it cannot go on. */
  open(providerId: string): void;
  /**
   * One chunk's segments, their times in the whole audio, with how many chunks are now done and
   * where the last one ends: saved in one transaction, so that a restart goes on after it.
   */
  save(chunksDone: number, chunkEndMs: number, segments: NewSegment[]): void;
  /**
   * The job has ended (STOP completed, FAIL failed, QUIT cancelled), maybe before `open` (cancelled
   * or failed while decoding, or in an earlier run that a restart resumed): settles what there is.
   */
  close(closing: SessionClosing): void;
}

export type DestinationOfJob = (job: {
  store: SessionStore;
  jobId: string;
  sessionId: string;
  title: string;
  /** Taken up after a restart: what the earlier run opened is there. */
  resumed: boolean;
}) => FileJobDestination;

/** A session of the job's own, recording while the job runs and ended as the job ends. */
export const newSessionDestination: DestinationOfJob = ({ store, jobId, sessionId, title, resumed }) => {
  // A resumed job's session was opened before the restart: ending the job, however early, closes it.
  // A new job that ends before opening one has nothing to close, and asks the store nothing.
  let sessionOpened = resumed;
  return {
    open(providerId) {
      // A resumed job goes on in the session it opened before the restart, if it got that far.
      const opened = store.getSession(sessionId);
      if (opened === undefined) {
        store.createSession({ id: sessionId, title, providerId, startedAt: Date.now() });
      } else if (opened.status !== 'recording') {
        throw new Error(`Its session is ${opened.status} already; start a new transcription of the file.`);
      }
      sessionOpened = true;
    },
    save(chunksDone, chunkEndMs, segments) {
      // The session lasts as long as the audio transcribed so far, speech or not.
      store.commitFileJobChunk(jobId, chunksDone, chunkEndMs, segments);
    },
    close(closing) {
      if (sessionOpened && store.getSession(sessionId)?.status === 'recording') {
        changeSessionStatus(store, sessionId, closing);
      }
    },
  };
};
