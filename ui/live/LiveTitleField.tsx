import { useId, useState } from 'react';
import { control, ControlRequestError } from '../connection/control.ts';

/**
 * The title of the recording under way, editable while it records: Enter or Save stores it on the
 * session (as Rename does on the session page), and the field keeps what was typed.
 */
export function LiveTitleField(props: { sessionId: string; title: string }) {
  const id = useId();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: boolean; text: string } | undefined>(undefined);
  const value = draft ?? props.title;
  const changed = draft !== undefined && draft.trim() !== props.title;

  const save = async () => {
    if (!changed) return;
    setSaving(true);
    try {
      await control('PATCH', `/sessions/${encodeURIComponent(props.sessionId)}`, { title: draft });
      setOutcome({ saved: true, text: 'Title saved.' });
    } catch (error) {
      setOutcome({
        saved: false,
        text:
          error instanceof ControlRequestError
            ? (error.fields.title ?? error.message)
            : 'The title was not saved; try again.',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="live-title-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="field-label" htmlFor={id}>
        Title
      </label>
      <input
        id={id}
        value={value}
        aria-invalid={outcome?.saved === false}
        aria-describedby={`${id}-outcome`}
        onChange={(event) => {
          setDraft(event.target.value);
          setOutcome(undefined);
        }}
      />
      <button type="submit" disabled={!changed || saving}>
        Save title
      </button>
      <span
        id={`${id}-outcome`}
        className={outcome?.saved === false ? 'field-error' : 'field-hint'}
        role="status"
      >
        {outcome?.text}
      </span>
    </form>
  );
}
