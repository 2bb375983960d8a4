import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import type { LiveSegment } from '../../api/appChannel/appProtocol.ts';
import { hashOf } from '../app/route.ts';
import { LanguageField } from '../components/LanguageField.tsx';
import { useConnection } from '../connection/connectionContext.tsx';
import { formatDuration } from '../format/time.ts';
import { resumeSessionStorageKey } from '../sessions/resumeSession.ts';
import type { SourceKind } from '../live/captureMachine.ts';
import { LevelMeter } from '../live/LevelMeter.tsx';
import { liveCaptureFor } from '../live/liveCapture.ts';
import { ProviderPicker } from '../live/ProviderPicker.tsx';
import {
  lastChosenProvider,
  providerToUse,
  rememberChosenProvider,
  useProviders,
} from '../live/providers.ts';
import { TranscriptView } from '../live/TranscriptView.tsx';
import { useRecordingSegments } from '../store/replicaRecords.ts';
import '../styles/live.css';

/** The Live page: choose a provider and a source, record, and watch the transcript form. */
export function LivePage() {
  const connection = useConnection();
  const { actor, meter } = liveCaptureFor(connection);
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const replicaSegments = useRecordingSegments(context.sessionId);
  const segments = mergeSegments(replicaSegments, context.committed);

  const stage = snapshot.matches('capturing')
    ? 'capturing'
    : snapshot.matches('stopping')
      ? 'stopping'
      : snapshot.matches('finished')
        ? 'finished'
        : snapshot.matches('needsSource')
          ? 'needsSource'
          : snapshot.matches('choosingSource') ||
              snapshot.matches('starting') ||
              snapshot.matches('attaching')
            ? 'connecting'
            : 'form';
  const showsTranscript = stage !== 'form' || context.sessionId !== undefined;

  return (
    <div className="live-page">
      <h1>Live</h1>
      {(stage === 'form' || stage === 'finished') && (
        <StartForm
          busy={false}
          onStart={(request) => actor.send({ type: 'START', request })}
          finishedSessionId={stage === 'finished' ? context.sessionId : undefined}
        />
      )}
      {context.problem !== undefined && (
        <div className="notice notice-error" role="alert">
          <span>{context.problem}</span>
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
        <section className="card live-status" aria-label="Recording">
          <div className="live-status-row">
            <StatusBadge
              snapshotValue={stage}
              reconnecting={snapshot.matches({ capturing: 'reconnecting' })}
              endedState={context.endedState}
            />
            <span className="live-elapsed" data-testid="live-elapsed" aria-label="Elapsed">
              {formatDuration(context.audioMs)}
            </span>
            {stage === 'capturing' && <LevelMeter source={meter} />}
            <span className="live-actions">
              {(stage === 'capturing' || stage === 'needsSource') && (
                <button type="button" className="button-danger" onClick={() => actor.send({ type: 'STOP' })}>
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
          <StatusDetail
            stage={stage}
            context={context}
            reconnecting={snapshot.matches({ capturing: 'reconnecting' })}
            heardWords={segments.length > 0}
          />
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
          {stage === 'capturing' && isSlowerThanRealTime(context.pace) && (
            <div className="notice notice-warning" role="status" data-testid="live-behind">
              <span>
                This model is slower than real time ({context.pace.speed.toFixed(1)}×): the text is{' '}
                {formatDuration(context.pace.untranscribedMs)} behind. Every word is kept, but it comes late;
                a smaller model or another provider keeps up.
              </span>
            </div>
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
          placeholder={stage === 'capturing' ? 'Listening… text appears here as you speak.' : 'No words yet.'}
        />
      )}
    </div>
  );
}

type Stage = 'form' | 'connecting' | 'capturing' | 'needsSource' | 'stopping' | 'finished';

/** Below 1, the provider transcribes a second of audio in more than a second: the text falls behind. */
function isSlowerThanRealTime(
  pace: { speed: number | null; untranscribedMs: number } | undefined,
): pace is { speed: number; untranscribedMs: number } {
  return pace !== undefined && pace.speed !== null && pace.speed < 1;
}

function StatusBadge(props: { snapshotValue: Stage; reconnecting: boolean; endedState: string | undefined }) {
  const { snapshotValue: stage } = props;
  const [label, tone] =
    stage === 'connecting'
      ? ['Connecting', 'badge']
      : stage === 'capturing'
        ? props.reconnecting
          ? ['Reconnecting', 'badge badge-warning']
          : ['Recording', 'badge badge-danger']
        : stage === 'needsSource'
          ? ['Waiting for a source', 'badge badge-warning']
          : stage === 'stopping'
            ? ['Stopping', 'badge']
            : props.endedState === 'completed'
              ? ['Completed', 'badge badge-success']
              : ['Interrupted', 'badge badge-danger'];
  return (
    <span className={tone} role="status" data-testid="live-state">
      {label}
    </span>
  );
}

function StatusDetail(props: {
  stage: Stage;
  reconnecting: boolean;
  context: {
    serviceError: string | null;
    endedState: string | undefined;
    pace: { speed: number | null; untranscribedMs: number } | undefined;
  };
  heardWords: boolean;
}) {
  const { stage, context } = props;
  if (stage === 'capturing' && props.reconnecting) {
    return (
      <p className="field-hint">
        {context.serviceError ?? 'The connection dropped.'} Earshot keeps the audio and reconnects by itself.
      </p>
    );
  }
  if (stage === 'stopping') {
    const leftMs = context.pace?.untranscribedMs ?? 0;
    if (leftMs < 1000) return <p className="field-hint">Saving the last words…</p>;
    return (
      <p className="field-hint" data-testid="live-finishing">
        Finishing: {formatDuration(leftMs)} of audio left to transcribe. Every word is kept; you can{' '}
        <a href={hashOf({ page: 'sessions' })}>leave it running</a> and the session completes by itself.
      </p>
    );
  }
  if (stage === 'finished' && context.endedState !== 'completed') {
    return (
      <p className="field-hint" data-testid="live-ended-reason">
        {context.serviceError ?? 'The recording stopped early.'}{' '}
        {props.heardWords
          ? 'What was heard is saved; open the session to read it, or start a new recording.'
          : 'Nothing was transcribed; start a new recording once this is fixed.'}
      </p>
    );
  }
  return null;
}

const sourceLabels: Record<SourceKind, string> = {
  microphone: 'Microphone',
  display: 'A tab or the whole system (screen sharing with audio)',
};

function StartForm(props: {
  busy: boolean;
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
  const providers = useProviders();
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
      <fieldset className="field live-sources">
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
          disabled={props.busy || provider === undefined || languageError !== undefined}
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
