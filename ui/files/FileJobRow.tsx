import { useHasRow } from 'tinybase/ui-react';
import { hashOf } from '../app/route.ts';
import { formatBytes } from '../format/bytes.ts';
import { formatDateTime } from '../format/time.ts';
import { ProblemMessage } from '../settings/ProblemMessage.tsx';
import { type FileRow, type FileRowPhase, isEndedRow } from './fileRows.ts';
import { jobStateLabel } from './jobStates.ts';

const phaseLabels: Record<FileRowPhase, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  starting: 'Starting',
  transcribing: 'Transcribing',
  completed: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const phaseTones: Partial<Record<FileRowPhase, string>> = {
  completed: 'badge badge-success',
  failed: 'badge badge-danger',
  cancelled: 'badge badge-warning',
};

/**
 * One file or job of the Files page: its state, progress, chunk and provider while it runs, how
 * it ended, and its session once the service has made it.
 */
export function FileJobRow(props: {
  row: FileRow;
  providerLabel: (providerId: string) => string;
  onCancel: (row: FileRow) => void;
}) {
  const { row, providerLabel } = props;
  const { job } = row;
  const hasSession = useHasRow('sessions', job?.sessionId ?? '');
  const ended = isEndedRow(row);
  const stopping = job?.state === 'cancelling' || job?.state === 'failing';
  return (
    <li className="card files-item" aria-label={row.title} data-testid="file-item">
      <div className="files-item-row">
        <span className="files-name">{row.title}</span>
        <span className={phaseTones[row.phase] ?? 'badge'} data-testid="file-state">
          {phaseLabels[row.phase]}
        </span>
        <span className="files-actions">
          {!ended && !stopping && (
            <button type="button" className="button-quiet" onClick={() => props.onCancel(row)}>
              Cancel
            </button>
          )}
          {job !== undefined && hasSession && (
            <a
              className={`button${row.phase === 'completed' ? ' button-primary' : ''}`}
              href={hashOf({ page: 'session', sessionId: job.sessionId })}
            >
              Open session
            </a>
          )}
        </span>
      </div>
      {/* A file waiting its turn has no work to show: a bar, moving or not, would say it has started. */}
      {!ended && row.phase !== 'waiting' && (
        <progress
          className="files-progress"
          max={1}
          value={progressOf(row)}
          aria-label={`Progress of ${row.title}`}
        />
      )}
      <p className="field-hint files-detail" data-testid="file-detail">
        {detailOf(row, providerLabel)}
      </p>
      {job !== undefined && job.resumeCount > 0 && (
        <p className="field-hint files-detail" data-testid="file-resumed">
          {job.resumeCount === 1
            ? 'Resumed after a restart of the service.'
            : `Resumed after ${job.resumeCount} restarts of the service.`}
        </p>
      )}
      {row.waitingForService && (
        <div className="notice notice-warning files-notice" role="status" data-testid="file-waiting">
          <span>Waiting for the service… The job goes on when it answers again.</span>
        </div>
      )}
      {row.error !== undefined && (
        <div className="notice notice-error files-notice" role="alert">
          <span>
            <ProblemMessage message={row.error} />
          </span>
        </div>
      )}
    </li>
  );
}

/** Undefined draws a bar that moves without a value: nothing measured yet. */
function progressOf(row: FileRow): number | undefined {
  if (row.phase === 'uploading') return row.queued?.uploadFraction;
  if (row.phase === 'transcribing') return row.job?.progress;
  return undefined;
}

function detailOf(row: FileRow, providerLabel: (providerId: string) => string): string {
  const { job, queued } = row;
  if (row.phase === 'uploading' && queued !== undefined) {
    return `${Math.round(queued.uploadFraction * 100)} % of ${formatBytes(queued.bytes)} sent`;
  }
  if (job === undefined) {
    const size = queued === undefined ? '' : formatBytes(queued.bytes);
    if (row.phase === 'starting') return `${size} · Starting the transcription`;
    return row.phase === 'waiting' ? `${size} · Waits for the files before it` : size;
  }
  const provider = providerLabel(job.providerId);
  if (isEndedRow(row)) return `${provider} · started ${formatDateTime(job.createdAt)}`;
  const chunk = job.chunkCount > 0 ? ` · chunk ${job.chunkIndex + 1} of ${job.chunkCount}` : '';
  return `${jobStateLabel(job.state)}${chunk} · ${Math.round(job.progress * 100)} % · ${provider}`;
}
