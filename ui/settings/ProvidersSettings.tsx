import { useState } from 'react';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { ReachabilityBadge, useProviderReachability } from '../live/ProviderReachability.tsx';
import { ConfigurationBadge } from './ConfigurationBadge.tsx';
import { ProviderBadges } from './ProviderBadges.tsx';
import { ProviderForm } from './ProviderForm.tsx';
import type { ProviderView } from './settingsTypes.ts';
import { useControlData } from './useControlData.ts';

/**
 * The providers, each with whether it is configured (and, for a server the user runs, whether it
 * answers), and the form of the one selected.
 */
export function ProvidersSettings() {
  const providers = useControlData<{ providers: ProviderView[] }>('/providers');
  const [selectedId, setSelectedId] = useState<string>();
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
          <span className="provider-label">{provider.metadata.label}</span> {provider.metadata.name}
          <ConfigurationBadge provider={provider} />
          <ReachabilityBadge state={reachability} />
        </span>
        <ProviderBadges metadata={provider.metadata} />
        {!provider.ready && provider.problems[0] !== undefined && (
          <span className="provider-item-problem">{provider.problems[0]}</span>
        )}
      </button>
    </li>
  );
}
