import { type FieldDraft, valueText } from './fieldDrafts.ts';
import type { FieldDescriptor } from './settingsTypes.ts';

/**
 * One input of a provider's form, chosen by the field's kind, under its label for people; the
 * setting's own name (what the CLI and error messages use) closes the help. A secret's input never
 * holds the stored value: it only says whether one is set, and what is typed replaces it.
 */
export function ProviderField(props: {
  field: FieldDescriptor;
  draft: FieldDraft;
  secretSet: boolean;
  error: string | undefined;
  busy: boolean;
  onChange: (draft: FieldDraft) => void;
  onRemoveSecret: () => void;
}) {
  const { field, draft, error } = props;
  const inputId = `field-${field.name}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const hint = hintOf(field);
  const describedBy = error === undefined ? hintId : `${errorId} ${hintId}`;
  const common = {
    id: inputId,
    'aria-invalid': error === undefined ? undefined : true,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  };
  const label = (
    <label className="field-label" htmlFor={inputId}>
      {field.label}
      {field.required && <span className="field-required"> (required)</span>}
    </label>
  );
  const messages = (
    <>
      {error !== undefined && (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      )}
      <span className="field-hint" id={hintId}>
        {hint}
      </span>
    </>
  );

  if (field.kind === 'boolean') {
    return (
      <div className="field">
        <label className="field-checkbox">
          <input
            {...common}
            type="checkbox"
            checked={draft === true}
            onChange={(event) => props.onChange(event.target.checked)}
          />
          <span className="field-label">{field.label}</span>
        </label>
        {messages}
      </div>
    );
  }

  const text = typeof draft === 'string' ? draft : '';
  let input;
  if (field.kind === 'choice') {
    input = (
      <select {...common} value={text} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">
          {field.defaultValue === undefined ? 'Not set' : `Default (${valueText(field.defaultValue)})`}
        </option>
        {(field.choices ?? []).map((choice) => (
          <option key={choice} value={choice}>
            {choice === field.defaultValue ? `${choice} (default)` : choice}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'secret') {
    input = (
      <div className="secret-input">
        <input
          {...common}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={text}
          placeholder={props.secretSet ? 'Set ✓ — type to replace' : 'Not set'}
          onChange={(event) => props.onChange(event.target.value)}
        />
        {props.secretSet && (
          <>
            <span className="badge badge-success">Set ✓</span>
            <button
              type="button"
              className="button-quiet"
              disabled={props.busy}
              onClick={props.onRemoveSecret}
              aria-label={`Remove the stored ${field.label}`}
            >
              Remove
            </button>
          </>
        )}
      </div>
    );
  } else {
    const numeric = field.kind === 'number' || field.kind === 'integer';
    input = (
      <input
        {...common}
        type={numeric ? 'number' : field.kind === 'url' ? 'url' : 'text'}
        min={numeric ? field.minimum : undefined}
        max={numeric ? field.maximum : undefined}
        step={field.kind === 'integer' ? 1 : numeric ? 'any' : undefined}
        spellCheck={false}
        value={text}
        placeholder={field.defaultValue === undefined ? undefined : valueText(field.defaultValue)}
        onChange={(event) => props.onChange(event.target.value)}
      />
    );
  }
  return (
    <div className="field">
      {label}
      {input}
      {messages}
    </div>
  );
}

function hintOf(field: FieldDescriptor): string {
  const parts: string[] = [];
  if (field.description !== undefined) parts.push(field.description);
  if (field.kind === 'list') parts.push('Separate items with commas.');
  if ((field.kind === 'number' || field.kind === 'integer') && field.minimum !== undefined) {
    parts.push(
      field.maximum === undefined
        ? `At least ${field.minimum}.`
        : `From ${field.minimum} to ${field.maximum}.`,
    );
  } else if ((field.kind === 'number' || field.kind === 'integer') && field.maximum !== undefined) {
    parts.push(`At most ${field.maximum}.`);
  }
  const shownDefault = field.defaultValue === undefined ? '' : valueText(field.defaultValue);
  if (shownDefault !== '' && field.kind !== 'choice' && field.kind !== 'boolean') {
    parts.push(`Default: ${shownDefault}.`);
  }
  parts.push(`Setting: ${field.name}.`);
  return parts.join(' ');
}
