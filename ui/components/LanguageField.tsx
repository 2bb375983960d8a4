import { useId } from 'react';

/** The optional language of a recording or a file, with the hint or what is wrong with it. */
export function LanguageField(props: { value: string; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        Language <span className="muted">(optional)</span>
      </label>
      <input
        id={id}
        value={props.value}
        placeholder="en"
        aria-invalid={props.error !== undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <span id={`${id}-hint`} className={props.error === undefined ? 'field-hint' : 'field-error'}>
        {props.error ?? 'Leave empty to let the provider detect it.'}
      </span>
    </div>
  );
}
