import { useMemo, useState } from 'react';
import type { Segment } from '../../store/records.ts';
import { hashOf, navigate } from '../app/route.ts';
import { useDocumentTitle } from '../app/useDocumentTitle.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { formatDateTime, formatDuration } from '../format/time.ts';
import { chapterSegment } from '../sessions/chapterSegment.ts';
import { StopRecordingButton } from '../live/StopRecordingButton.tsx';
import { CaptionsButton } from '../captions/CaptionsButton.tsx';
import { ExportMenu } from '../sessions/ExportMenu.tsx';
import { GeneratedPanels } from '../sessions/GeneratedPanels.tsx';
import { resumeSessionStorageKey } from '../sessions/resumeSession.ts';
import { sessionDisplayTitle } from '../sessions/sessionDisplayTitle.ts';
import { SessionAudioPlayer } from '../sessions/SessionAudioPlayer.tsx';
import { RetranscriptionPanel } from '../sessions/RetranscriptionPanel.tsx';
import { SessionOrganizer } from '../sessions/SessionOrganizer.tsx';
import { SessionStatusBadge } from '../sessions/SessionStatusBadge.tsx';
import { SessionTitle } from '../sessions/SessionTitle.tsx';
import { TagChip } from '../sessions/TagChip.tsx';
import { TopicLabel } from '../sessions/TopicLabel.tsx';
import {
  TranscriptRevisionsPanel,
  transcriptRevisionsHeadingId,
} from '../sessions/TranscriptRevisionsPanel.tsx';
import { type LineTranslation, TranscriptView } from '../sessions/TranscriptView.tsx';
import { usePlaybackKeys } from '../sessions/usePlaybackKeys.ts';
import { useProviderNames } from '../sessions/useProviderLabels.ts';
import { type SessionDetail, useSessionDetail } from '../sessions/useSessionDetail.ts';
import { useSessionPlayback } from '../sessions/useSessionPlayback.ts';
import { type TranscriptRevisions, useTranscriptRevisions } from '../sessions/useTranscriptRevisions.ts';
import { useRecordingSegments, useTags, useTopics } from '../store/replicaRecords.ts';
import '../styles/sessions.css';

/**
 * One session, leading with what matters: a header with its facts and actions, then what the AI
 * made of it (summary, action items, chapters, mind map, Q&A), then the transcript with find, its
 * times as links, and a translation line by line, played in step with the session's recorded
 * audio once it has ended. `atMs` (from `?t=` in the address) is a moment of the transcript to show.
 */
export function SessionPage(props: { sessionId: string; atMs?: number }) {
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
      return <LoadedSession key={detail.detail.session.id} detail={detail.detail} atMs={props.atMs} />;
  }
}

function LoadedSession(props: { detail: SessionDetail; atMs: number | undefined }) {
  const { session } = props.detail;
  const recording = session.status === 'recording';
  const liveSegments = useRecordingSegments(recording ? session.id : undefined);
  const segments = recording ? liveSegments : props.detail.segments;
  const displayTitle = sessionDisplayTitle(session, segments);
  useDocumentTitle(displayTitle);
  const provider = useProviderNames()(session.providerId);
  const topic = useTopics().find((candidate) => candidate.id === session.topicId);
  const tags = useTags().filter((tag) => session.tagIds.includes(tag.id));
  const revisions = useTranscriptRevisions(session.id);
  const translation = useMemo(() => lineTranslation(revisions.revisions), [revisions.revisions]);
  const [actionError, setActionError] = useState<unknown>(undefined);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [organizing, setOrganizing] = useState(false);
  const [revealedSegment, setRevealedSegment] = useState<{ seq: number }>();
  // Opening the session puts focus on its heading; opening it on a moment, on that segment.
  const [openedOnMoment] = useState(props.atMs !== undefined);
  // A moment in the address (a shared time, or a time just clicked) shows its segment.
  const [shownMoment, setShownMoment] = useState<number>();
  if (props.atMs !== shownMoment) {
    setShownMoment(props.atMs);
    const segment = props.atMs === undefined ? undefined : segmentAt(segments, props.atMs);
    if (segment !== undefined) setRevealedSegment({ seq: segment.seq });
  }
  const playback = useSessionPlayback(session.id, segments, !recording);
  const playable = playback.source.state === 'ready';
  usePlaybackKeys(playable, playback);
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

  const showRevisions = () => {
    const heading = document.getElementById(transcriptRevisionsHeadingId);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  };

  return (
    <article className="session-page">
      <header className="session-header">
        <p className="session-back">
          <a href={hashOf({ page: 'sessions' })}>← Sessions</a>
        </p>
        <SessionTitle
          sessionId={session.id}
          title={session.title}
          displayTitle={displayTitle}
          focusOnOpen={!openedOnMoment}
        />
        <div className="session-facts muted" data-testid="session-facts">
          <SessionStatusBadge status={session.status} />
          <span>{formatDateTime(session.startedAt)}</span>
          <span>{formatDuration(session.durationMs)}</span>
          <span data-testid="session-provider">
            {provider?.name ?? session.providerId}{' '}
            {provider !== undefined && <span className="badge">{provider.label}</span>}
          </span>
          {topic && <TopicLabel topic={topic} />}
          {tags.map((tag) => (
            <TagChip key={tag.id} tag={tag} />
          ))}
        </div>

        <div className="toolbar session-actions">
          {recording && <StopRecordingButton sessionId={session.id} />}
          {recording && <CaptionsButton follow={{ kind: 'session', sessionId: session.id }} />}
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
            aria-expanded={organizing}
            aria-controls="session-organizer"
            onClick={() => setOrganizing(!organizing)}
          >
            Topic and tags
          </button>
          {!recording && (
            <button type="button" onClick={showRevisions}>
              Correct or translate…
            </button>
          )}
          <button
            type="button"
            className="button-danger"
            disabled={recording}
            title={
              recording ? 'Stop the recording first; a session is deleted once it has ended.' : undefined
            }
            onClick={() => setConfirmingDelete(true)}
          >
            Delete
          </button>
        </div>
        <div id="session-organizer" hidden={!organizing}>
          {organizing && <SessionOrganizer session={session} />}
        </div>
        {session.status === 'interrupted' && (
          <p className="notice notice-warning">
            This recording stopped before it ended. Resume it to keep recording into this session, or finalize
            it to keep the transcript as it is.
          </p>
        )}
        <ErrorNotice error={actionError} onDismiss={() => setActionError(undefined)} />
      </header>
      <SessionAudioPlayer playback={playback} />

      <GeneratedPanels
        session={session}
        segments={segments}
        onRevealSegment={(segment) => setRevealedSegment({ seq: segment.seq })}
      />
      {!recording && <TranscriptRevisionsPanel session={session} followed={revisions} />}
      {!recording && playable && <RetranscriptionPanel sessionId={session.id} />}
      <TranscriptView
        sessionId={session.id}
        segments={segments}
        speakerNames={props.detail.speakerNames}
        translated={session.translatedTranscript}
        translation={translation}
        corrected={session.correctedTranscript}
        recording={recording}
        revealed={revealedSegment}
        onReveal={(segment) => setRevealedSegment({ seq: segment.seq })}
        playback={playable ? playback : undefined}
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

/** The segment a time link names: the one starting there, else the one being spoken then. */
function segmentAt(segments: readonly Segment[], atMs: number): Segment | undefined {
  return segments.find((segment) => segment.startMs === atMs) ?? chapterSegment(segments, atMs);
}

/** The kept translation, line by line; none while there is none or it is being made. */
function lineTranslation(revisions: TranscriptRevisions | undefined): LineTranslation | undefined {
  const translation = revisions?.translation;
  if (translation?.state !== 'kept' || translation.segments.length === 0) return undefined;
  return {
    language: translation.language ?? '',
    lines: new Map(translation.segments.map((segment) => [segment.seq, segment.revised])),
  };
}
