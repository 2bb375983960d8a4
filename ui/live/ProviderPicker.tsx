import { hashOf } from '../app/route.ts';
import { withFieldLabels, withoutCommandLines } from '../settings/inAppRemedy.ts';
import { ProblemMessage } from '../settings/ProblemMessage.tsx';
import { ReachabilityBadge, unreachableMessage, useProviderReachability } from './ProviderReachability.tsx';
import type { ProviderView, ProvidersState } from './providers.ts';

/**
 * The provider choice shared by the Live and Files pages: a menu of label and name, then what the
 * chosen one does (badges), whether it is configured and, for a server the user runs, whether that
 * answers; when it is not set up or does not answer, why, with a link to fix it.
 */
export function ProviderPicker(props: {
  state: ProvidersState;
  choices: ProviderView[];
  value: string | undefined;
  onChange: (providerId: string) => void;
  disabled?: boolean;
}) {
  const { state, choices, value } = props;
  if (state.status === 'loading') return <p className="muted">Loading providers…</p>;
  if (state.status === 'failed') {
    return (
      <div className="notice notice-error" role="alert">
        <span>{state.message} Check that the service is up to date and running, then reload this page.</span>
      </div>
    );
  }
  if (choices.length === 0) {
    return (
      <div className="notice notice-warning" role="status">
        <span>
          No provider can do this yet. <a href={hashOf({ page: 'setup' })}>Set one up</a>.
        </span>
      </div>
    );
  }
  const chosen = choices.find((provider) => provider.metadata.id === value);
  return (
    <div className="field provider-picker">
      <label className="field-label" htmlFor="provider">
        Provider
      </label>
      <select
        id="provider"
        value={value ?? ''}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {choices.map(({ metadata, ready }) => (
          <option key={metadata.id} value={metadata.id}>
            {metadata.name} ({metadata.label}){ready ? '' : ' — not set up'}
          </option>
        ))}
      </select>
      {chosen !== undefined && <ProviderFacts provider={chosen} />}
    </div>
  );
}

function ProviderFacts(props: { provider: ProviderView }) {
  const { metadata, ready, problems } = props.provider;
  const { capabilities } = metadata;
  const reachability = useProviderReachability(props.provider);
  const unreachable = unreachableMessage(reachability);
  return (
    <div className="provider-facts">
      <ul className="provider-badges" aria-label="Capabilities">
        <li className="badge">
          {capabilities.streaming ? 'Streaming' : 'Windowed (text every few seconds)'}
        </li>
        <li className="badge">{metadata.kind === 'local' ? 'Runs on this computer' : 'Cloud'}</li>
        {capabilities.translation && <li className="badge">Translation</li>}
        {capabilities.liveDiarization && <li className="badge">Speakers</li>}
        {ready ? (
          <li className="badge badge-success">Configured</li>
        ) : (
          <li className="badge badge-warning">Not set up</li>
        )}
        <ReachabilityBadge state={reachability} as="li" />
      </ul>
      {!ready && (
        <p className="field-hint" data-testid="provider-problem">
          {problems[0] === undefined
            ? 'Nothing is saved for this provider yet.'
            : withoutCommandLines(withFieldLabels(problems[0], props.provider))}{' '}
          {metadata.executionMode === 'managed-runtime' ? (
            <a href={hashOf({ page: 'settings', section: 'runtime' })}>Open the runtime settings</a>
          ) : (
            <a href={hashOf({ page: 'settings', section: 'providers', provider: metadata.id })}>
              Open {metadata.name} settings
            </a>
          )}
        </p>
      )}
      {unreachable !== undefined && (
        <p className="field-hint" data-testid="provider-unreachable">
          <ProblemMessage message={unreachable} />
        </p>
      )}
    </div>
  );
}
