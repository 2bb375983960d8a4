import { useState } from 'react';
import type { AiProvidersAnswer } from '../../api/control/aiProviderControl.ts';
import type { AiProviderView } from '../../ai/providers/describeAiProvider.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { AiProviderForm } from './AiProviderForm.tsx';
import { ProviderCheckNotice } from './ProviderCheckNotice.tsx';
import type { ProviderCheck } from './settingsTypes.ts';
import { useControlData } from './useControlData.ts';

type Editing = { adding: true } | { adding: false; name: string } | undefined;

/**
 * The AI providers that write digests and answer questions: each with its kind, model, address,
 * context window and whether a key is stored (never the key), with Test, Use as default, Edit and
 * Remove; a form to add one; and whether a session's digest is made by itself when it completes.
 */
export function AiProvidersSettings() {
  const settings = useControlData<AiProvidersAnswer>('/ai-providers');
  const [editing, setEditing] = useState<Editing>();
  const [failure, setFailure] = useState<unknown>();
  const [removing, setRemoving] = useState<string>();
  // The switch shows the choice at once, while the service saves it.
  const [digestChoice, setDigestChoice] = useState<boolean>();

  const chooseAutomaticDigest = async (automaticDigest: boolean) => {
    setDigestChoice(automaticDigest);
    setFailure(undefined);
    try {
      settings.replace(await control<AiProvidersAnswer>('PUT', '/automatic-digest', { automaticDigest }));
    } catch (error) {
      setFailure(error);
    } finally {
      setDigestChoice(undefined);
    }
  };

  const act = async (request: () => Promise<unknown>) => {
    setFailure(undefined);
    try {
      await request();
      settings.reload();
    } catch (error) {
      setFailure(error);
    }
  };

  if (settings.data === undefined) {
    return settings.error === undefined ? (
      <p className="muted">Loading the AI providers…</p>
    ) : (
      <>
        <ErrorNotice error={settings.error} />
        <button type="button" onClick={settings.reload}>
          Try again
        </button>
      </>
    );
  }
  const catalogue = settings.data;
  const edited =
    editing === undefined || editing.adding
      ? undefined
      : catalogue.providers.find((provider) => provider.name === editing.name);
  const saved = () => {
    setEditing(undefined);
    settings.reload();
  };

  return (
    <section className="card settings-card" aria-labelledby="ai-providers-title">
      <div className="panel-heading">
        <h2 id="ai-providers-title">AI providers</h2>
        <button type="button" className="button-primary" onClick={() => setEditing({ adding: true })}>
          Add an AI provider
        </button>
      </div>
      <p className="muted">
        They write the summary, action items, keywords, chapters and mind map, and answer questions. A session
        uses its topic’s provider, else the default.
      </p>
      {catalogue.providers.length === 0 ? (
        <p className="muted">No AI provider is set up yet.</p>
      ) : (
        <ul className="plain-list ai-provider-list" aria-label="AI providers">
          {catalogue.providers.map((provider) => (
            <AiProviderItem
              key={provider.name}
              provider={provider}
              onEdit={() => setEditing({ adding: false, name: provider.name })}
              onMakeDefault={() =>
                void act(() =>
                  control('PUT', `/ai-providers/${encodeURIComponent(provider.name)}`, {
                    values: {},
                    makeDefault: true,
                  }),
                )
              }
              onRemove={() => setRemoving(provider.name)}
            />
          ))}
        </ul>
      )}
      <ErrorNotice error={failure} onDismiss={() => setFailure(undefined)} />
      {editing?.adding === true && (
        <AiProviderForm catalogue={catalogue} onSaved={saved} onCancel={() => setEditing(undefined)} />
      )}
      {edited !== undefined && (
        <AiProviderForm
          key={edited.name}
          catalogue={catalogue}
          provider={edited}
          onSaved={saved}
          onCancel={() => setEditing(undefined)}
        />
      )}
      <label className="field-checkbox">
        <input
          type="checkbox"
          checked={digestChoice ?? catalogue.automaticDigest}
          disabled={digestChoice !== undefined}
          onChange={(event) => void chooseAutomaticDigest(event.target.checked)}
        />
        <span>Make the digest by itself when a session completes</span>
      </label>
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove the AI provider “${removing ?? ''}”?`}
        confirmLabel="Remove"
        onConfirm={() => {
          const name = removing ?? '';
          setRemoving(undefined);
          if (editing?.adding === false && editing.name === name) setEditing(undefined);
          void act(() => control('DELETE', `/ai-providers/${encodeURIComponent(name)}`));
        }}
        onCancel={() => setRemoving(undefined)}
      >
        Its settings and its key are removed. Topics that used it use the default again; if it is the default,
        no provider is until you choose one.
      </ConfirmDialog>
    </section>
  );
}

function AiProviderItem(props: {
  provider: AiProviderView;
  onEdit: () => void;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const { provider } = props;
  const [testing, setTesting] = useState(false);
  const [check, setCheck] = useState<ProviderCheck>();
  const [failure, setFailure] = useState<unknown>();
  const test = async () => {
    setTesting(true);
    setCheck(undefined);
    setFailure(undefined);
    try {
      setCheck(
        await control<ProviderCheck>('POST', `/ai-providers/${encodeURIComponent(provider.name)}/test`),
      );
    } catch (error) {
      setFailure(error);
    } finally {
      setTesting(false);
    }
  };
  return (
    <li className="ai-provider-item" data-testid="ai-provider" aria-label={provider.name}>
      <div className="provider-item-title">
        <strong>{provider.name}</strong> <span className="muted">{provider.kindName}</span>
        {provider.isDefault && <span className="badge badge-success">Default</span>}
        {!provider.ready && <span className="badge badge-warning">Incomplete</span>}
      </div>
      <dl className="settings-facts">
        <dt>Model</dt>
        <dd>{provider.model ?? '—'}</dd>
        <dt>Address</dt>
        <dd>{provider.baseUrl ?? '—'}</dd>
        <dt>Context window</dt>
        <dd>
          {provider.contextWindow === undefined
            ? '—'
            : `${provider.contextWindow.tokens.toLocaleString()} tokens (${contextSource[provider.contextWindow.source]})`}
        </dd>
        <dt>Key</dt>
        <dd>{provider.apiKey === 'set' ? 'Set ✓' : 'None'}</dd>
      </dl>
      {provider.problems.length > 0 && (
        <ul className="provider-problems">
          {provider.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="toolbar">
        <button type="button" onClick={() => void test()} disabled={testing} aria-busy={testing}>
          {testing ? 'Testing…' : 'Test'}
        </button>
        <button type="button" onClick={props.onMakeDefault} disabled={provider.isDefault}>
          Use as default
        </button>
        <button type="button" onClick={props.onEdit}>
          Edit
        </button>
        <button type="button" className="button-danger" onClick={props.onRemove}>
          Remove
        </button>
      </div>
      <div role="status" data-testid="ai-provider-check">
        {testing && <p className="muted">Asking {provider.name} for a one-word answer…</p>}
        <ProviderCheckNotice check={check} />
        <ErrorNotice error={failure} onDismiss={() => setFailure(undefined)} />
      </div>
    </li>
  );
}

const contextSource: Record<'set' | 'known' | 'default', string> = {
  set: 'as you set it',
  known: 'known for this model',
  default: 'a cautious default; set contextWindow if the model takes more',
};
