import type { QueuedFile } from './fileQueue.ts';
import { type FileJobStatus, isEndedJob } from './jobStates.ts';

/** Where a row stands: before its job exists (this tab's queue), while it runs, and how it ended. */
export type FileRowPhase =
  'waiting' | 'uploading' | 'starting' | 'transcribing' | 'completed' | 'failed' | 'cancelled';

/** One line of the Files page: a file of this tab's queue, a job of the service, or both at once. */
export interface FileRow {
  /** Stays the same when a queued file's job appears, so the row is not drawn anew. */
  key: string;
  title: string;
  phase: FileRowPhase;
  /** The job as last heard, from the queue that follows it or from the service's list. */
  job: FileJobStatus | undefined;
  /** The file in this tab's queue, when the row is one. */
  queued: QueuedFile | undefined;
  error: string | undefined;
  /** The service does not answer about the job just now; it goes on, and is asked again. */
  waitingForService: boolean;
}

/** The service's jobs as the page last heard them. */
export interface ListedJobs {
  /** Newest first, as `GET /control/v1/transcriptions` answers. */
  jobs: FileJobStatus[];
  /** The last time the page asked, the service did not answer: the jobs are as heard before. */
  unanswered: boolean;
}

export interface FileRows {
  /** In the order they run: the oldest first. */
  unfinished: FileRow[];
  /** The newest first, at most `endedRowsShown`. */
  ended: FileRow[];
}

/** Enough to find what just ended; older jobs are in their sessions. */
export const endedRowsShown = 10;

const endedPhases: ReadonlySet<FileRowPhase> = new Set(['completed', 'failed', 'cancelled']);

export function isEndedRow(row: FileRow): boolean {
  return endedPhases.has(row.phase);
}

/**
 * The Files page's rows: this tab's queued files and the service's jobs, the jobs of other tabs,
 * of the CLI and of earlier runs of the service included. A queued file whose job the service
 * lists is one row, however each tells of it. Ended jobs the user cleared are left out.
 */
export function fileRows(queued: QueuedFile[], listed: ListedJobs, cleared: ReadonlySet<string>): FileRows {
  const listedById = new Map(listed.jobs.map((job) => [job.jobId, job]));
  const queuedJobIds = new Set(queued.flatMap((file) => (file.jobId === undefined ? [] : [file.jobId])));
  const rows = [
    ...queued.map((file) => ({
      row: queuedRow(file, file.jobId === undefined ? undefined : listedById.get(file.jobId)),
      since: file.addedAt,
    })),
    ...listed.jobs
      .filter((job) => !queuedJobIds.has(job.jobId))
      .map((job) => ({ row: listedRow(job, listed.unanswered), since: job.createdAt })),
  ].filter(({ row }) => row.job === undefined || !cleared.has(row.job.jobId));
  const unfinished = rows.filter(({ row }) => !isEndedRow(row)).sort((a, b) => a.since - b.since);
  const ended = rows.filter(({ row }) => isEndedRow(row)).sort((a, b) => b.since - a.since);
  return {
    unfinished: unfinished.map(({ row }) => row),
    ended: ended.slice(0, endedRowsShown).map(({ row }) => row),
  };
}

function queuedRow(file: QueuedFile, listed: FileJobStatus | undefined): FileRow {
  const job = newerStatus(file.job, listed);
  const phase = queuedPhase(file, job);
  return {
    key: `file-${file.id}`,
    title: file.name,
    phase,
    job,
    queued: file,
    error: phase === 'failed' ? (file.error ?? job?.error ?? failedWithoutReason) : undefined,
    waitingForService: !endedPhases.has(phase) && file.waitingForService,
  };
}

function listedRow(job: FileJobStatus, unanswered: boolean): FileRow {
  const phase = jobPhase(job);
  return {
    key: `job-${job.jobId}`,
    title: job.title,
    phase,
    job,
    queued: undefined,
    error: phase === 'failed' ? (job.error ?? failedWithoutReason) : undefined,
    waitingForService: !endedPhases.has(phase) && unanswered,
  };
}

const failedWithoutReason = 'The transcription failed.';

/**
 * The queue asks about its job more often than the page lists jobs, so its answer is the newer,
 * except when the list has seen the job end: nothing follows an end.
 */
function newerStatus(
  followed: FileJobStatus | undefined,
  listed: FileJobStatus | undefined,
): FileJobStatus | undefined {
  if (followed === undefined) return listed;
  if (listed !== undefined && isEndedJob(listed) && !isEndedJob(followed)) return listed;
  return followed;
}

function queuedPhase(file: QueuedFile, job: FileJobStatus | undefined): FileRowPhase {
  if (file.state !== 'transcribing') return file.state;
  return job === undefined ? 'starting' : jobPhase(job);
}

function jobPhase(job: FileJobStatus): FileRowPhase {
  return isEndedJob(job) ? (job.state as FileRowPhase) : 'transcribing';
}
