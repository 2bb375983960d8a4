import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import {
  ReachabilityBadge,
  unreachableMessage,
  useProviderReachability,
} from '../live/ProviderReachability.tsx';
import { control, ControlRequestError } from '../connection/control.ts';
import { ConfigurationBadge } from './ConfigurationBadge.tsx';
import { changedValues, draftsOf, type FieldDraft, type FieldValue } from './fieldDrafts.ts';
import { ProviderBadges } from './ProviderBadges.tsx';
import { ProviderField } from './ProviderField.tsx';
import { ProviderCheckNotice } from './ProviderCheckNotice.tsx';
import { withFieldLabels } from './inAppRemedy.ts';
import { ProblemMessage } from './ProblemMessage.tsx';
import { SecretDestinationConfirmation } from './SecretDestinationConfirmation.tsx';
import type { FieldDescriptor, ProviderCheck, ProviderView } from './settingsTypes.ts';
import { useProviderTest } from './useProviderTest.ts';

/**
 * A provider's settings form, generated from its fields. A refused save changes nothing and puts
 * each message next to its input; a saved one shows the provider's new state. A save that would
 * send the stored key to a new host waits for the person to confirm that host, then is sent again.
 */
export function ProviderForm(props: {
  provider: ProviderView;
  onSaved: (provider: ProviderView) => void;
  /** The fields to show (the setup shows only what a first use needs); all of them by default. */
  showsField?: (field: FieldDescriptor) => boolean;
  /** Told every Test answer. */
  onChecked?: (check: ProviderCheck) => void;
}) {
  const { provider } = props;
  const path = `/providers/${encodeURIComponent(provider.metadata.id)}`;
  const [initial, setInitial] = useState(() => draftsOf(provider));
  const [drafts, setDrafts] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const providerTest = useProviderTest(provider.metadata.id, props.onChecked);
  const { testing, check } = providerTest;
  const [unconfirmed, setUnconfirmed] = useState<{ host: string; values: Record<string, FieldValue> }>();

  const save = async (values: Record<string, FieldValue>, confirmSecretDestination?: string) => {
    setSaving(true);
    setFailure(undefined);
    setSaved(false);
    setUnconfirmed(undefined);
    try {
      const answer = await control<{ provider: ProviderView }>('PUT', `${path}/config`, {
        values,
        ...(confirmSecretDestination === undefined ? {} : { confirmSecretDestination }),
      });
      const next = draftsOf(answer.provider);
      setInitial(next);
      setDrafts(next);
      setFieldErrors({});
      setSaved(true);
      providerTest.clear();
      props.onSaved(answer.provider);
    } catch (error) {
      const host = error instanceof ControlRequestError ? error.details.host : undefined;
      if (
        error instanceof ControlRequestError &&
        error.code === 'confirmation_required' &&
        host !== undefined
      ) {
        setUnconfirmed({ host, values });
        return;
      }
      if (error instanceof ControlRequestError && Object.keys(error.fields).length > 0) {
        setFieldErrors(error.fields);
      }
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(changedValues(provider.fields, initial, drafts));
  };

  const test = () => {
    setFailure(undefined);
    void providerTest.run();
  };

  const change = (name: string, draft: FieldDraft) => {
    setDrafts((current) => ({ ...current, [name]: draft }));
    setSaved(false);
  };
  const unsaved = Object.keys(changedValues(provider.fields, initial, drafts)).length > 0;

  return (
    <form className="card provider-form" onSubmit={submit} noValidate aria-labelledby="provider-form-title">
      <header className="provider-form-header">
        <h2 id="provider-form-title">
          {provider.metadata.name} <span className="provider-label">{provider.metadata.label}</span>
        </h2>
        <ProviderBadges metadata={provider.metadata} />
      </header>
      <ProviderState provider={provider} />
      {provider.fields.filter(props.showsField ?? (() => true)).map((field) => (
        <ProviderField
          key={field.name}
          field={field}
          draft={drafts[field.name] ?? ''}
          secretSet={provider.secretsSet.includes(field.name)}
          error={fieldErrors[field.name]}
          busy={saving}
          onChange={(draft) => change(field.name, draft)}
          onRemoveSecret={() => void save({ [field.name]: '' })}
        />
      ))}
      <ErrorNotice error={failure} onDismiss={() => setFailure(undefined)} />
      <ErrorNotice error={providerTest.failure} onDismiss={providerTest.clear} />
      {unconfirmed !== undefined && (
        <SecretDestinationConfirmation
          host={unconfirmed.host}
          busy={saving}
          onConfirm={() => void save(unconfirmed.values, unconfirmed.host)}
          onCancel={() => setUnconfirmed(undefined)}
        />
      )}
      <div className="toolbar">
        <button type="submit" className="button-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={test} disabled={testing || saving} aria-busy={testing}>
          {testing ? 'Testing…' : 'Test'}
        </button>
        <span className="muted" role="status">
          {saving ? '' : unsaved ? 'Unsaved changes' : saved ? 'Saved.' : ''}
        </span>
      </div>
      <div role="status" data-testid="provider-check">
        {testing && (
          <p className="muted">Trying {provider.metadata.name} with the saved settings (up to ~10 s)…</p>
        )}
        <ProviderCheckNotice check={check} />
      </div>
    </form>
  );
}

/** Configured or not, from the saved settings; for a server the user runs, whether it answers. */
function ProviderState(props: { provider: ProviderView }) {
  const { provider } = props;
  const reachability = useProviderReachability(provider);
  const unreachable = unreachableMessage(reachability);
  if (provider.ready) {
    return (
      <div className="provider-state" data-testid="provider-state">
        <p>
          <ConfigurationBadge provider={provider} /> <ReachabilityBadge state={reachability} /> The settings
          are complete; “Test” tries them.
        </p>
        {unreachable !== undefined && (
          <p className="field-hint">
            <ProblemMessage message={unreachable} />
          </p>
        )}
      </div>
    );
  }
  if (provider.problems.length === 0) {
    return (
      <p className="provider-state" data-testid="provider-state">
        <ConfigurationBadge provider={provider} /> Nothing is saved for it yet: enter where its server is and
        save.
      </p>
    );
  }
  return (
    <div className="provider-state" data-testid="provider-state">
      <ConfigurationBadge provider={provider} />
      <ul className="provider-problems">
        {provider.problems.map((problem) => (
          <li key={problem}>
            <ProblemMessage message={withFieldLabels(problem, provider)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
