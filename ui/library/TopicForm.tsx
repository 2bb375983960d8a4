import { useState } from 'react';
import type { Topic } from '../../store/records.ts';
import { FormField } from './FormField.tsx';
import { formProblemsOf, noFormProblems } from './formProblems.ts';

export type TopicValues = Pick<Topic, 'name' | 'emoji' | 'description'>;

const topicFieldNames = ['name', 'emoji', 'description'] as const;

/**
 * A topic's name, emoji and description, for creating one or editing one in place. Enter submits,
 * Escape cancels an edit, and each of the service's messages shows next to its field.
 */
export function TopicForm(props: {
  initial: TopicValues;
  submitLabel: string;
  onSubmit: (values: TopicValues) => Promise<void>;
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
      setProblems(formProblemsOf(error, topicFieldNames));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="library-form"
      aria-label={props.onCancel === undefined ? 'New topic' : `Edit topic ${props.initial.name}`}
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
        <FormField label="Emoji" problem={problems.fields.emoji}>
          {(input) => (
            <input
              {...input}
              className="library-emoji"
              value={values.emoji}
              placeholder="📁"
              onChange={(event) => setValues({ ...values, emoji: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Name" problem={problems.fields.name}>
          {(input) => (
            <input
              {...input}
              value={values.name}
              autoFocus={props.onCancel !== undefined}
              onChange={(event) => setValues({ ...values, name: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Description" problem={problems.fields.description}>
          {(input) => (
            <input
              {...input}
              value={values.description}
              placeholder="What sessions belong here"
              onChange={(event) => setValues({ ...values, description: event.target.value })}
            />
          )}
        </FormField>
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
