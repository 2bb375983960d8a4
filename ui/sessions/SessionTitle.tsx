import { useState } from 'react';
import { control, ControlRequestError } from '../connection/control.ts';

/**
 * The session's title as the page heading, with a Rename button that turns it into a field: Enter
 * saves, Escape cancels, and the service's reason shows next to the field when it refuses. The
 * heading shows `displayTitle` (see sessionDisplayTitle.ts); the field starts from the title itself.
 */
export function SessionTitle(props: { sessionId: string; title: string; displayTitle: string }) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const cancel = () => {
    setDraft(undefined);
    setProblem(undefined);
  };

  const save = async (title: string) => {
    setSaving(true);
    try {
      await control('PATCH', `/sessions/${encodeURIComponent(props.sessionId)}`, { title });
      cancel();
    } catch (error) {
      setProblem(
        error instanceof ControlRequestError
          ? (error.fields.title ?? error.message)
          : 'The title was not saved.',
      );
    } finally {
      setSaving(false);
    }
  };

  if (draft === undefined) {
    return (
      <div className="session-title-row">
        <h1>{props.displayTitle}</h1>
        <button type="button" className="button-quiet" onClick={() => setDraft(props.title)}>
          Rename
        </button>
      </div>
    );
  }
  return (
    <form
      className="session-title-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save(draft);
      }}
    >
      <div className="field">
        <input
          aria-label="Session title"
          value={draft}
          autoFocus
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : 'session-title-error'}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              cancel();
            }
          }}
        />
        {problem !== undefined && (
          <span id="session-title-error" className="field-error" role="alert">
            {problem}
          </span>
        )}
      </div>
      <button type="submit" className="button-primary" disabled={saving}>
        Save
      </button>
      <button type="button" onClick={cancel}>
        Cancel
      </button>
    </form>
  );
}
