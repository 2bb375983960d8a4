import { type FormEvent, useState } from 'react';
import type { AiProvidersAnswer } from '../../api/control/aiProviderControl.ts';
import type { AiProviderView } from '../../ai/providers/describeAiProvider.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control, ControlRequestError } from '../connection/control.ts';
import { changedValues, draftsOf, type FieldDraft, type FieldValue } from './fieldDrafts.ts';
import { ProviderField } from './ProviderField.tsx';
import { SecretDestinationConfirmation } from './SecretDestinationConfirmation.tsx';

/** A kind, or an OpenAI-compatible server known by name (`preset:groq`). */
type KindChoice = string;

const presetPrefix = 'preset:';

/**
 * Adds an AI provider or changes one. Adding starts with its kind, or one of the OpenAI-compatible
 * servers the service knows (which fills its address); then the kind's fields, the key in a
 * password input that is sent only when something is typed into it. A refused save changes
 * nothing and puts each message by its input; a key that would go to a new host waits for the
 * person to confirm that host.
 */
export function AiProviderForm(props: {
  catalogue: AiProvidersAnswer;
  provider?: AiProviderView;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { catalogue, provider } = props;
  const adding = provider === undefined;
  const [choice, setChoice] = useState<KindChoice>(provider?.kind ?? catalogue.kinds[0]?.kind ?? 'openai');
  const preset = choice.startsWith(presetPrefix) ? choice.slice(presetPrefix.length) : undefined;
  const kind = preset === undefined ? choice : 'openai-compatible';
  const kindFacts = catalogue.kinds.find((candidate) => candidate.kind === kind);
  // Adding, the preset is chosen with the kind; an existing provider changes it as a field.
  const fields = (kindFacts?.fields ?? []).filter((field) => !adding || field.name !== 'preset');
  const [name, setName] = useState(provider?.name ?? kind);
  const [initial, setInitial] = useState(() => draftsOf({ fields, values: provider?.values ?? {} }));
  const [drafts, setDrafts] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>();
  const [saving, setSaving] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState<{ host: string; values: Record<string, FieldValue> }>();

  const choose = (next: KindChoice) => {
    const nextPreset = next.startsWith(presetPrefix) ? next.slice(presetPrefix.length) : undefined;
    const nextKind = nextPreset === undefined ? next : 'openai-compatible';
    const nextFields = catalogue.kinds.find((candidate) => candidate.kind === nextKind)?.fields ?? [];
    const blank = draftsOf({ fields: nextFields, values: {} });
    setChoice(next);
    setName((current) =>
      current === kind || current === preset || current === '' ? (nextPreset ?? nextKind) : current,
    );
    setInitial(blank);
    setDrafts(blank);
    setFieldErrors({});
  };

  const save = async (values: Record<string, FieldValue>, confirmSecretDestination?: string) => {
    setSaving(true);
    setFailure(undefined);
    setUnconfirmed(undefined);
    try {
      await control('PUT', `/ai-providers/${encodeURIComponent(name.trim())}`, {
        ...(adding ? { kind } : {}),
        values,
        ...(confirmSecretDestination === undefined ? {} : { confirmSecretDestination }),
      });
      setInitial(drafts);
      props.onSaved();
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
      setFieldErrors(error instanceof ControlRequestError ? error.fields : {});
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = changedValues(fields, initial, drafts);
    void save(adding && preset !== undefined ? { ...values, preset } : values);
  };

  const change = (field: string, draft: FieldDraft) =>
    setDrafts((current) => ({ ...current, [field]: draft }));

  const presetFacts = catalogue.presets.find((candidate) => candidate.preset === preset);
  return (
    <form
      className="card provider-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="ai-provider-form-title"
    >
      <h2 id="ai-provider-form-title">
        {adding ? 'Add an AI provider' : `${provider.name} · ${provider.kindName}`}
      </h2>
      {adding && (
        <>
          <div className="field">
            <label className="field-label" htmlFor="ai-provider-kind">
              Kind
            </label>
            <select id="ai-provider-kind" value={choice} onChange={(event) => choose(event.target.value)}>
              {catalogue.kinds
                .filter((candidate) => candidate.kind !== 'openai-compatible')
                .map((candidate) => (
                  <option key={candidate.kind} value={candidate.kind}>
                    {candidate.name}
                  </option>
                ))}
              <optgroup label="OpenAI-compatible servers">
                {catalogue.presets.map((candidate) => (
                  <option key={candidate.preset} value={`${presetPrefix}${candidate.preset}`}>
                    {candidate.name}
                  </option>
                ))}
                <option value="openai-compatible">Another OpenAI-compatible server</option>
              </optgroup>
            </select>
            <span className="field-hint">
              {presetFacts !== undefined
                ? `Requests go to ${presetFacts.baseUrl} unless you give another baseUrl.`
                : kindFacts?.keyPage !== undefined
                  ? `Get a key at ${kindFacts.keyPage}.`
                  : kind === 'ollama'
                    ? 'A model on this computer or your network, run by Ollama.'
                    : 'Any server that speaks OpenAI chat completions: give its baseUrl.'}
            </span>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="ai-provider-name">
              Name <span className="field-required">(required)</span>
            </label>
            <input
              id="ai-provider-name"
              type="text"
              spellCheck={false}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <span className="field-hint">What you call it (topics and the CLI name it so).</span>
          </div>
        </>
      )}
      {fields.map((field) => (
        <ProviderField
          key={`${kind}-${field.name}`}
          field={field}
          draft={drafts[field.name] ?? ''}
          secretSet={field.kind === 'secret' && provider?.apiKey === 'set'}
          error={fieldErrors[field.name]}
          busy={saving}
          onChange={(draft) => change(field.name, draft)}
          onRemoveSecret={() => void save({ [field.name]: '' })}
        />
      ))}
      <ErrorNotice error={failure} onDismiss={() => setFailure(undefined)} />
      {unconfirmed !== undefined && (
        <SecretDestinationConfirmation
          host={unconfirmed.host}
          busy={saving}
          onConfirm={() => void save(unconfirmed.values, unconfirmed.host)}
          onCancel={() => setUnconfirmed(undefined)}
        />
      )}
      <div className="toolbar">
        <button type="submit" className="button-primary" disabled={saving || name.trim() === ''}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={props.onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
