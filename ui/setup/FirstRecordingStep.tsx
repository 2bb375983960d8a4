import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { hashOf } from '../app/route.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useConnection } from '../connection/connectionContext.tsx';
import { LevelMeter } from '../live/LevelMeter.tsx';
import { liveCaptureFor } from '../live/liveCapture.ts';
import { rememberChosenProvider } from '../live/providers.ts';
import { TranscriptView } from '../live/TranscriptView.tsx';
import type { ProviderView } from '../settings/settingsTypes.ts';
import { useRecordingSegments } from '../store/replicaRecords.ts';
import { writeSetupMemory } from './setupMemory.ts';

/**
 * Step 4: a first sentence from the microphone with the provider just set up, through the app's one
 * live capture (the Live page's): the recording is a real session, and the Live page starts on this
 * provider from now on. Once words arrive the setup is done.
 */
export function FirstRecordingStep(props: { provider: ProviderView }) {
  const { metadata } = props.provider;
  const { actor, meter } = liveCaptureFor(useConnection());
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const stored = useRecordingSegments(context.sessionId);
  const segments = stored.length > 0 ? stored : context.committed;
  const recording = snapshot.matches('capturing');
  const busy =
    recording ||
    snapshot.matches('stopping') ||
    snapshot.matches('choosingSource') ||
    snapshot.matches('starting');
  const heard = segments.length > 0;
  const done = snapshot.matches('finished') && heard && context.sessionId !== undefined;
  const stopButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (recording) stopButton.current?.focus();
  }, [recording]);
  useEffect(() => {
    if (heard) writeSetupMemory({ settled: true });
  }, [heard]);

  const start = () => {
    rememberChosenProvider(metadata.id);
    actor.send({
      type: 'START',
      request: {
        provider: metadata.id,
        title: 'First recording',
        audioFormat: metadata.audioInput,
        sourceKind: 'microphone',
      },
    });
  };

  return (
    <section className="setup-record" aria-labelledby="setup-record-title">
      <h2 id="setup-record-title">Say a sentence</h2>
      <p>
        Press <strong>Start</strong>, allow the microphone if the browser asks, and say something like “This
        is my first recording with Earshot.” The words appear below as {metadata.name} hears them.
      </p>
      <div className="toolbar">
        {recording ? (
          <button
            ref={stopButton}
            type="button"
            className="button-danger"
            onClick={() => actor.send({ type: 'STOP' })}
          >
            Stop
          </button>
        ) : (
          <button type="button" className="button-primary" onClick={start} disabled={busy}>
            {heard ? 'Record again' : 'Start'}
          </button>
        )}
        {recording && <LevelMeter source={meter} />}
        <span className="muted" role="status" data-testid="setup-record-state">
          {recording ? 'Listening…' : busy ? 'One moment…' : ''}
        </span>
      </div>
      <ErrorNotice error={context.problem} />
      <TranscriptView
        segments={segments}
        tentative={context.tentative}
        translation={context.translation}
        placeholder={recording ? 'Listening… text appears here as you speak.' : 'No words yet.'}
      />
      {done && (
        <div className="notice notice-success" role="status" data-testid="setup-done">
          <span>
            <strong>Transcription is set up.</strong> {metadata.name} is now the provider the Live page starts
            with.
          </span>
          <span className="toolbar">
            <a className="button button-primary" href={hashOf({ page: 'live' })}>
              Go to Live
            </a>
            <a href={hashOf({ page: 'session', sessionId: context.sessionId ?? '' })}>Open this recording</a>
          </span>
        </div>
      )}
    </section>
  );
}
