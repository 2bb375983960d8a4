import { useState } from 'react';
import { hashOf, navigate } from '../app/route.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { formatDateTime, formatDuration } from '../format/time.ts';
import { StopRecordingButton } from '../live/StopRecordingButton.tsx';
import { ExportMenu } from '../sessions/ExportMenu.tsx';
import { GeneratedPanels } from '../sessions/GeneratedPanels.tsx';
import { resumeSessionStorageKey } from '../sessions/resumeSession.ts';
import { sessionDisplayTitle } from '../sessions/sessionDisplayTitle.ts';
import { SessionOrganizer } from '../sessions/SessionOrganizer.tsx';
import { SessionStatusBadge } from '../sessions/SessionStatusBadge.tsx';
import { SessionTitle } from '../sessions/SessionTitle.tsx';
import { TranscriptRevisionsPanel } from '../sessions/TranscriptRevisionsPanel.tsx';
import { TranscriptView } from '../sessions/TranscriptView.tsx';
import { useProviderLabels } from '../sessions/useProviderLabels.ts';
import { type SessionDetail, useSessionDetail } from '../sessions/useSessionDetail.ts';
import { useRecordingSegments } from '../store/replicaRecords.ts';
import '../styles/sessions.css';

export function SessionPage(props: { sessionId: string }) {
  const detail = useSessionDetail(props.sessionId);
  const backLink = (
    <a className="button" href={hashOf({ page: 'sessions' })}>
      Back to sessions
    </a>
  );
  switch (detail.state) {
    case 'loading':
      return (
        <p className="muted" role="status">
          Loading the session…
        </p>
      );
    case 'missing':
      return (
        <EmptyState title="This session does not exist (deleted?)" action={backLink}>
          It may have been deleted, or the link is wrong. The sessions list has every session there is.
        </EmptyState>
      );
    case 'failed':
      return (
        <>
          <ErrorNotice error={detail.error} />
          {backLink}
        </>
      );
    case 'loaded':
      return <LoadedSession detail={detail.detail} />;
  }
}

function LoadedSession(props: { detail: SessionDetail }) {
  const { session } = props.detail;
  const recording = session.status === 'recording';
  const liveSegments = useRecordingSegments(recording ? session.id : undefined);
  const segments = recording ? liveSegments : props.detail.segments;
  const displayTitle = sessionDisplayTitle(session, segments);
  const providerLabel = useProviderLabels();
  const [actionError, setActionError] = useState<unknown>(undefined);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [revealedSegment, setRevealedSegment] = useState<{ seq: number }>();
  const sessionPath = `/sessions/${encodeURIComponent(session.id)}`;

  const remove = async () => {
    setConfirmingDelete(false);
    try {
      await control('DELETE', sessionPath);
      navigate({ page: 'sessions' });
    } catch (error) {
      setActionError(error);
    }
  };

  const finalize = async () => {
    setActionError(undefined);
    try {
      await control('POST', `${sessionPath}/finalize`);
    } catch (error) {
      setActionError(error);
    }
  };

  const resume = () => {
    sessionStorage.setItem(resumeSessionStorageKey, session.id);
    navigate({ page: 'live' });
  };

  return (
    <article className="session-page">
      <p>
        <a href={hashOf({ page: 'sessions' })}>← Sessions</a>
      </p>
      <SessionTitle
        key={session.title}
        sessionId={session.id}
        title={session.title}
        displayTitle={displayTitle}
      />
      <div className="session-facts muted">
        <SessionStatusBadge status={session.status} />
        <span>{formatDateTime(session.startedAt)}</span>
        <span>{formatDuration(session.durationMs)}</span>
        <span>{providerLabel(session.providerId)}</span>
      </div>

      <div className="toolbar">
        {recording && <StopRecordingButton sessionId={session.id} />}
        {session.status === 'interrupted' && (
          <>
            <button type="button" className="button-primary" onClick={resume}>
              Resume recording
            </button>
            <button type="button" onClick={() => void finalize()}>
              Finalize
            </button>
          </>
        )}
        <ExportMenu sessionId={session.id} onError={setActionError} />
        <button
          type="button"
          className="button-danger"
          disabled={recording}
          title={recording ? 'Stop the recording first; a session is deleted once it has ended.' : undefined}
          onClick={() => setConfirmingDelete(true)}
        >
          Delete
        </button>
      </div>
      {session.status === 'interrupted' && (
        <p className="notice notice-warning">
          This recording stopped before it ended. Resume it to keep recording into this session, or finalize
          it to keep the transcript as it is.
        </p>
      )}
      <ErrorNotice error={actionError} onDismiss={() => setActionError(undefined)} />

      <SessionOrganizer session={session} />
      <TranscriptView
        segments={segments}
        translated={session.translatedTranscript}
        corrected={session.correctedTranscript}
        recording={recording}
        revealed={revealedSegment}
      />
      {!recording && <TranscriptRevisionsPanel session={session} />}
      <GeneratedPanels
        session={session}
        segments={segments}
        onRevealSegment={(segment) => setRevealedSegment({ seq: segment.seq })}
      />

      <ConfirmDialog
        open={confirmingDelete}
        title="Delete this session?"
        confirmLabel="Delete session"
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      >
        “{displayTitle}” and its transcript will be deleted. This cannot be undone.
      </ConfirmDialog>
    </article>
  );
}
