import { useState } from 'react';
import { hashOf } from '../app/route.ts';
import { readSetupMemory } from '../setup/setupMemory.ts';
import '../styles/setup.css';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { ReachabilityBadge, useProviderReachability } from '../live/ProviderReachability.tsx';
import { ConfigurationBadge } from './ConfigurationBadge.tsx';
import { ProviderBadges } from './ProviderBadges.tsx';
import { ProviderForm } from './ProviderForm.tsx';
import { withFieldLabels } from './inAppRemedy.ts';
import type { ProviderView } from './settingsTypes.ts';
import { useControlData } from './useControlData.ts';

/**
 * The providers, each with whether it is configured (and, for a server the user runs, whether it
 * answers), and the form of the one selected.
 */
export function ProvidersSettings(props: { providerId?: string }) {
  const providers = useControlData<{ providers: ProviderView[] }>('/providers');
  const [selectedId, setSelectedId] = useState(props.providerId);
  const list = providers.data?.providers ?? [];
  const selected = list.find((provider) => provider.metadata.id === selectedId) ?? list[0];

  const replaceProvider = (updated: ProviderView) => {
    providers.replace({
      providers: list.map((provider) => (provider.metadata.id === updated.metadata.id ? updated : provider)),
    });
  };

  if (providers.data === undefined) {
    return providers.error === undefined ? (
      <p className="muted">Loading the providers…</p>
    ) : (
      <>
        <ErrorNotice error={providers.error} />
        <button type="button" onClick={providers.reload}>
          Try again
        </button>
      </>
    );
  }
  return (
    <>
      <SetupEntry providers={list} />
      <div className="providers-layout">
        <ul className="provider-list" aria-label="Providers">
          {list.map((provider) => (
            <ProviderItem
              key={provider.metadata.id}
              provider={provider}
              selected={provider === selected}
              onSelect={() => setSelectedId(provider.metadata.id)}
            />
          ))}
        </ul>
        {selected !== undefined && (
          <ProviderForm key={selected.metadata.id} provider={selected} onSaved={replaceProvider} />
        )}
      </div>
    </>
  );
}

/** The way back into the guided setup, at the step where it was left. */
function SetupEntry(props: { providers: ProviderView[] }) {
  const { providerId, step } = readSetupMemory();
  const left = props.providers.find(({ metadata }) => metadata.id === providerId);
  return (
    <div className="card setup-entry" data-testid="setup-entry">
      <p>
        <strong>New to this?</strong> The setup helps you choose how to transcribe, enter what it needs, test
        it and record a first sentence.
      </p>
      <a
        className="button"
        href={hashOf(
          left === undefined ? { page: 'setup' } : { page: 'setup', providerId: left.metadata.id, step },
        )}
      >
        {left === undefined ? 'Set up transcription' : `Continue setting up ${left.metadata.name}`}
      </a>
    </div>
  );
}

function ProviderItem(props: { provider: ProviderView; selected: boolean; onSelect: () => void }) {
  const { provider } = props;
  const reachability = useProviderReachability(provider);
  return (
    <li>
      <button
        type="button"
        className="provider-item"
        aria-current={props.selected ? 'true' : undefined}
        onClick={props.onSelect}
      >
        <span className="provider-item-title">
          {provider.metadata.name} <span className="provider-label">{provider.metadata.label}</span>
          <ConfigurationBadge provider={provider} />
          <ReachabilityBadge state={reachability} />
        </span>
        <ProviderBadges metadata={provider.metadata} />
        {!provider.ready && provider.problems[0] !== undefined && (
          <span className="provider-item-problem">{withFieldLabels(provider.problems[0], provider)}</span>
        )}
      </button>
    </li>
  );
}
