import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { LiveSegment } from '../../api/appChannel/appProtocol.ts';
import { hashOf } from '../app/route.ts';
import { CaptionsButton } from '../captions/CaptionsButton.tsx';
import { LanguageField } from '../components/LanguageField.tsx';
import { useConnectionStatus } from '../connection/connectionContext.tsx';
import { formatDuration } from '../format/time.ts';
import { resumeSessionStorageKey } from '../sessions/resumeSession.ts';
import type { SourceKind } from '../live/captureMachine.ts';
import { LevelMeter } from '../live/LevelMeter.tsx';
import { type LiveStage, liveStatus, type StatusTone } from '../live/liveStatus.ts';
import { LiveTitleField } from '../live/LiveTitleField.tsx';
import { ProviderPicker } from '../live/ProviderPicker.tsx';
import {
  lastChosenProvider,
  providerToUse,
  type ProvidersState,
  rememberChosenProvider,
  useProviders,
} from '../live/providers.ts';
import { TranscriptView } from '../live/TranscriptView.tsx';
import { ProblemMessage } from '../settings/ProblemMessage.tsx';
import { useLiveRecording } from '../live/useLiveRecording.ts';
import { useRecordingSegments, useSession } from '../store/replicaRecords.ts';
import '../styles/live.css';

/** The Live page: choose a provider and a source, record, and watch the transcript form. */
export function LivePage() {
  const { capture, context, stage, elapsedMs, canStop, stop } = useLiveRecording();
  const { actor, meter } = capture;
  const providers = useProviders();
  const serviceLinkLost = useConnectionStatus() !== 'open';
  const session = useSession(context.sessionId ?? '');
  const replicaSegments = useRecordingSegments(context.sessionId);
  const segments = mergeSegments(replicaSegments, context.committed);
  const providerId = session?.providerId ?? context.request?.provider;
  const provider =
    providers.status === 'loaded'
      ? providers.providers.find(({ metadata }) => metadata.id === providerId)
      : undefined;
  const status = liveStatus({
    stage,
    serviceLinkLost,
    serviceState: context.serviceState,
    reconnectAttempt: context.reconnectAttempt,
    serviceError: context.serviceError,
    pace: context.pace,
    endedState: context.endedState,
    vendor: provider?.metadata.name ?? 'the provider',
  });
  const showsTranscript = stage !== 'form' || context.sessionId !== undefined;
  const statusBox = useRef<HTMLElement>(null);
  useFocusWhenLost(statusBox, stage, canStop);

  return (
    <div className="live-page">
      <div className="live-heading">
        <h1>Live</h1>
        <CaptionsButton follow={{ kind: 'recording' }} />
      </div>
      {(stage === 'form' || stage === 'finished') && (
        <StartForm
          providers={providers}
          onStart={(request) => actor.send({ type: 'START', request })}
          finishedSessionId={stage === 'finished' ? context.sessionId : undefined}
        />
      )}
      {context.problem !== undefined && (
        <div className="notice notice-error" role="alert">
          <span>
            <ProblemMessage message={context.problem} />
          </span>
        </div>
      )}
      {stage === 'form' && context.endedElsewhereSessionId !== undefined && (
        <div className="notice" role="status">
          <span>
            The recording this page was following has ended.{' '}
            <a href={hashOf({ page: 'session', sessionId: context.endedElsewhereSessionId })}>
              Open the saved session
            </a>
          </span>
        </div>
      )}
      {stage !== 'form' && (
        <section
          className="card live-status"
          aria-label="Recording"
          tabIndex={-1}
          ref={statusBox}
          data-testid="live-status"
        >
          <div className="live-status-row">
            <span className={badgeClasses[status.tone]} role="status" data-testid="live-state">
              {status.label}
            </span>
            <span className="live-elapsed" data-testid="live-elapsed" aria-label="Elapsed">
              {formatDuration(elapsedMs)}
            </span>
            {stage === 'capturing' && <LevelMeter source={meter} />}
            <span className="live-actions">
              {canStop && (
                <button type="button" className="button-danger" onClick={stop}>
                  Stop
                </button>
              )}
              {stage === 'finished' && context.sessionId !== undefined && (
                <a
                  className="button button-primary"
                  href={hashOf({ page: 'session', sessionId: context.sessionId })}
                >
                  Open session
                </a>
              )}
            </span>
          </div>
          <div className="live-facts">
            {session !== undefined && stage !== 'finished' && stage !== 'stopping' ? (
              <LiveTitleField key={session.id} sessionId={session.id} title={session.title} />
            ) : (
              session !== undefined && (
                <p className="live-fact">
                  <span className="field-label">Title</span>{' '}
                  <span data-testid="live-title">{session.title}</span>
                </p>
              )
            )}
            {providerId !== undefined && (
              <p className="live-fact" data-testid="live-provider">
                <span className="field-label">Provider</span> {provider?.metadata.name ?? providerId}{' '}
                {provider !== undefined && <span className="badge">{provider.metadata.label}</span>}
              </p>
            )}
          </div>
          {stage === 'watching' && (
            <p className="field-hint" data-testid="live-elsewhere">
              Another tab or window captures this recording; Stop here stops it there.
            </p>
          )}
          {status.detail !== undefined && (
            <p
              className={
                status.tone === 'warning' || status.detail.testId === 'live-behind'
                  ? 'notice notice-warning'
                  : 'field-hint'
              }
              data-testid={status.detail.testId}
            >
              <ProblemMessage message={status.detail.text} />
              {stage === 'finished' &&
                (segments.length > 0
                  ? ' What was heard is saved; open the session to read it, or start a new recording.'
                  : ' Nothing was transcribed; start a new recording once this is fixed.')}
            </p>
          )}
          {stage === 'needsSource' && (
            <div className="notice notice-warning" role="status">
              <span>
                The recording is still running, but the browser needs you to choose the tab or screen to share
                again.
              </span>
              <button
                type="button"
                className="button-primary"
                onClick={() => actor.send({ type: 'PICK_SOURCE' })}
              >
                Choose what to share
              </button>
            </div>
          )}
          {context.audioProblem !== undefined && (
            <p className="notice notice-warning" role="status" data-testid="live-audio-problem">
              {context.audioProblem}
            </p>
          )}
          {context.slow && (
            <div className="notice notice-warning" role="status" data-testid="live-slow">
              <span>
                The connection is slow: audio is waiting to be sent. Recording continues; close other uploads
                or move closer to the network if this stays.
              </span>
            </div>
          )}
        </section>
      )}
      {showsTranscript && (
        <TranscriptView
          segments={segments}
          tentative={context.tentative}
          translation={context.translation}
          placeholder={
            stage === 'capturing' || stage === 'watching'
              ? 'Listening… text appears here as you speak.'
              : 'No words yet.'
          }
        />
      )}
    </div>
  );
}

const badgeClasses: Record<StatusTone, string> = {
  neutral: 'badge',
  warning: 'badge badge-warning',
  danger: 'badge badge-danger',
  success: 'badge badge-success',
};

/**
 * Start, Stop and the end of a recording take away what had the focus (the button pressed): the
 * recording's status then takes it, so the keyboard goes on from the new content, not the
 * document's start. A change that leaves the focus where it was (someone else's Stop) moves nothing.
 */
function useFocusWhenLost(target: RefObject<HTMLElement | null>, stage: LiveStage, canStop: boolean) {
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && stage !== 'form') target.current?.focus();
  }, [target, stage, canStop]);
}

const sourceLabels: Record<SourceKind, string> = {
  microphone: 'Microphone',
  display: 'A tab or the whole system (screen sharing with audio)',
};

function StartForm(props: {
  providers: ProvidersState;
  finishedSessionId: string | undefined;
  onStart: (request: {
    provider: string;
    title?: string;
    languageHints?: string[];
    audioFormat: 'pcm16' | 'webm-opus';
    sourceKind: SourceKind;
    resumeSessionId?: string;
  }) => void;
}) {
  const { providers } = props;
  const choices = providers.status === 'loaded' ? providers.providers : [];
  const [chosen, setChosen] = useState<string | undefined>(lastChosenProvider);
  const [title, setTitle] = useState('');
  const [language, setLanguage] = useState('');
  const [sourceKind, setSourceKind] = useState<SourceKind>('microphone');
  // The session page sends people here to continue an interrupted session.
  const [resumeSessionId, setResumeSessionId] = useState(
    () => sessionStorage.getItem(resumeSessionStorageKey) ?? undefined,
  );
  const startAfresh = () => {
    sessionStorage.removeItem(resumeSessionStorageKey);
    setResumeSessionId(undefined);
  };
  const provider = providerToUse(choices, chosen);
  const languageHints = language
    .split(/[\s,]+/)
    .map((code) => code.trim().toLowerCase())
    .filter((code) => code !== '');
  const languageError = languageHints.some((code) => !/^[a-z]{2}$/.test(code))
    ? 'Use two-letter codes such as en or zh, separated by commas.'
    : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (provider === undefined || languageError !== undefined) return;
    rememberChosenProvider(provider.metadata.id);
    sessionStorage.removeItem(resumeSessionStorageKey);
    props.onStart({
      resumeSessionId,
      provider: provider.metadata.id,
      title: title.trim() === '' ? undefined : title.trim(),
      languageHints: languageHints.length === 0 ? undefined : languageHints,
      audioFormat: provider.metadata.audioInput,
      sourceKind,
    });
  };

  return (
    <form className="card live-form" onSubmit={submit} aria-label="New recording">
      {resumeSessionId !== undefined && (
        <div className="notice" role="status">
          <span>
            Starting continues the{' '}
            <a href={hashOf({ page: 'session', sessionId: resumeSessionId })}>interrupted session</a>: new
            words are added to it.
          </span>
          <button type="button" className="button-quiet" onClick={startAfresh}>
            Start a new session instead
          </button>
        </div>
      )}
      <ProviderPicker
        state={providers}
        choices={choices}
        value={provider?.metadata.id}
        onChange={setChosen}
      />
      <fieldset className="field choice-list">
        <legend className="field-label">Audio source</legend>
        {(Object.keys(sourceLabels) as SourceKind[]).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="source"
              value={kind}
              checked={sourceKind === kind}
              onChange={() => setSourceKind(kind)}
            />{' '}
            {sourceLabels[kind]}
          </label>
        ))}
      </fieldset>
      <div className="live-form-row">
        <div className="field">
          <label className="field-label" htmlFor="live-title">
            Title <span className="muted">(optional)</span>
          </label>
          <input id="live-title" value={title} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <LanguageField value={language} onChange={setLanguage} error={languageError} />
      </div>
      <div className="toolbar">
        <button
          type="submit"
          className="button-primary"
          disabled={provider === undefined || languageError !== undefined}
        >
          {resumeSessionId !== undefined
            ? 'Continue recording'
            : props.finishedSessionId === undefined
              ? 'Start recording'
              : 'Start a new recording'}
        </button>
      </div>
    </form>
  );
}

/** The replica's segments (stored) and the ones this page saw arrive, once each, in time order. */
function mergeSegments(stored: LiveSegment[], seen: LiveSegment[]): LiveSegment[] {
  const byStart = new Map<string, LiveSegment>();
  for (const segment of [...stored, ...seen]) byStart.set(`${segment.startMs}:${segment.text}`, segment);
  return [...byStart.values()].sort((first, second) => first.startMs - second.startMs);
}
