import { useEffect, useRef } from 'react';
import { hashOf, navigate, type SetupStep } from '../app/route.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import type { ProviderView } from '../settings/settingsTypes.ts';
import { useControlData } from '../settings/useControlData.ts';
import { ChoiceStep } from './ChoiceStep.tsx';
import { FirstRecordingStep } from './FirstRecordingStep.tsx';
import { ProviderSettingsStep } from './ProviderSettingsStep.tsx';
import { writeSetupMemory } from './setupMemory.ts';
import '../styles/setup.css';

const stepNames = ['Choose how to transcribe', 'Enter what it needs', 'Test it', 'Record a first sentence'];

/**
 * The guided first run: choose a way to transcribe, enter what it needs, test it, record a first
 * sentence. Each step has its own address, so the setup can be left at any step and continued from
 * Settings → Providers, where it was left (setupMemory).
 */
export function SetupPage(props: { providerId?: string; step?: SetupStep }) {
  const { providerId, step } = props;
  const providers = useControlData<{ providers: ProviderView[] }>('/providers');
  const list = providers.data?.providers ?? [];
  const provider = list.find(({ metadata }) => metadata.id === providerId);
  const heading = useRef<HTMLHeadingElement>(null);

  // Where the setup is, so Settings continues it there; back at the choice, there is nothing to continue.
  useEffect(() => {
    writeSetupMemory(
      providerId === undefined
        ? { providerId: undefined, step: undefined }
        : { providerId, step: step ?? 'settings' },
    );
  }, [providerId, step]);
  // Each step is new content: focus goes to the page's heading, which names the step.
  useEffect(() => heading.current?.focus(), [providerId, step]);

  const leave = () => {
    writeSetupMemory({ settled: true });
    navigate({ page: 'live' });
  };
  const replaceProvider = (updated: ProviderView) =>
    providers.replace({
      providers: list.map((candidate) =>
        candidate.metadata.id === updated.metadata.id ? updated : candidate,
      ),
    });

  const current = providerId === undefined ? 1 : step === 'record' ? 4 : provider?.ready === true ? 3 : 2;
  return (
    <div className="setup-page">
      <h1 ref={heading} tabIndex={-1}>
        Set up transcription <span className="setup-step-of">· step {current} of 4</span>
      </h1>
      <ol className="setup-steps" aria-label="Setup steps">
        {stepNames.map((name, index) => (
          <li
            key={name}
            aria-current={index + 1 === current ? 'step' : undefined}
            className={index + 1 < current ? 'setup-step-done' : undefined}
          >
            <span className="setup-step-number" aria-hidden="true">
              {index + 1 < current ? '✓' : index + 1}
            </span>{' '}
            {name}
          </li>
        ))}
      </ol>
      {providers.data === undefined ? (
        providers.error === undefined ? (
          <p className="muted">Loading the providers…</p>
        ) : (
          <ErrorNotice error={providers.error} />
        )
      ) : providerId === undefined ? (
        <ChoiceStep providers={list} />
      ) : provider === undefined ? (
        <div className="notice notice-error" role="alert">
          <span>
            There is no provider “{providerId}”. <a href={hashOf({ page: 'setup' })}>Choose one</a>.
          </span>
        </div>
      ) : step === 'record' ? (
        <FirstRecordingStep provider={provider} />
      ) : (
        <ProviderSettingsStep provider={provider} onSaved={replaceProvider} />
      )}
      <footer className="setup-footer">
        {providerId !== undefined && (
          <a href={hashOf(step === 'record' ? { page: 'setup', providerId } : { page: 'setup' })}>← Back</a>
        )}
        <button type="button" className="button-quiet" onClick={leave}>
          Leave the setup
        </button>
        <span className="muted">You can continue it later from Settings → Providers.</span>
      </footer>
    </div>
  );
}
