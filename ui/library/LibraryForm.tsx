import { type ReactNode, useState } from 'react';
import { type FormProblems, formProblemsOf, noFormProblems } from './formProblems.ts';

/**
 * The form of a topic or a tag, for creating one or editing one in place: `fields` draws the
 * inputs. Enter submits, Escape cancels an edit, and each of the service's messages shows next to
 * its field (or for the whole form when no field explains it).
 */
export function LibraryForm<Values extends { name: string }>(props: {
  /** "topic" or "tag", for the form's accessible name. */
  noun: string;
  fieldNames: readonly (keyof Values & string)[];
  /** Draws the inputs; `editing` is true for an item being edited in place (its name takes the focus). */
  fields: (
    values: Values,
    change: (values: Values) => void,
    problems: FormProblems,
    editing: boolean,
  ) => ReactNode;
  initial: Values;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<void>;
  onCancel?: () => void;
  /** Clears the form after a successful submit (creating); an edit closes instead. */
  resetAfterSubmit?: boolean;
}) {
  const [values, setValues] = useState(props.initial);
  const [problems, setProblems] = useState(noFormProblems);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      await props.onSubmit(values);
      setProblems(noFormProblems);
      if (props.resetAfterSubmit === true) setValues(props.initial);
    } catch (error) {
      setProblems(formProblemsOf(error, props.fieldNames));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="library-form"
      aria-label={
        props.onCancel === undefined ? `New ${props.noun}` : `Edit ${props.noun} ${props.initial.name}`
      }
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && props.onCancel !== undefined) {
          event.preventDefault();
          props.onCancel();
        }
      }}
    >
      <div className="library-form-fields">
        {props.fields(values, setValues, problems, props.onCancel !== undefined)}
      </div>
      {problems.message !== undefined && (
        <p className="field-error" role="alert">
          {problems.message}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="button-primary" disabled={saving}>
          {props.submitLabel}
        </button>
        {props.onCancel !== undefined && (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
