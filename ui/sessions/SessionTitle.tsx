import { useEffect } from 'react';
import { control, ControlRequestError } from '../connection/control.ts';
import { useInPlaceEdit } from './useInPlaceEdit.ts';

/**
 * The session's title as the page heading, with a Rename button that turns it into a field as wide
 * as the page that grows to show the whole title: Enter saves, Escape cancels, and the service's
 * reason shows next to the field when it refuses; then focus is back on the heading. The heading
 * shows `displayTitle` (see sessionDisplayTitle.ts); the field starts from the title itself.
 */
export function SessionTitle(props: {
  sessionId: string;
  title: string;
  displayTitle: string;
  /** Whether focus starts on the heading as the page opens (not when it opens on a moment). */
  focusOnOpen: boolean;
}) {
  const { draft, setDraft, problem, saving, returnTo, close, onSubmit } = useInPlaceEdit<HTMLHeadingElement>(
    (title) => control('PATCH', `/sessions/${encodeURIComponent(props.sessionId)}`, { title }),
    (error) =>
      error instanceof ControlRequestError
        ? (error.fields.title ?? error.message)
        : 'The title was not saved.',
  );
  const { focusOnOpen } = props;
  useEffect(() => {
    if (focusOnOpen) returnTo.current?.focus();
  }, [focusOnOpen, returnTo]);

  if (draft === undefined) {
    return (
      <div className="session-title-row">
        <h1 ref={returnTo} tabIndex={-1}>
          {props.displayTitle}
        </h1>
        <button type="button" className="button-quiet" onClick={() => setDraft(props.title)}>
          Rename
        </button>
      </div>
    );
  }
  return (
    <form className="session-title-form" onSubmit={onSubmit}>
      <div className="field">
        <textarea
          aria-label="Session title"
          rows={1}
          value={draft}
          autoFocus
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : 'session-title-error'}
          onChange={(event) => setDraft(event.target.value.replace(/\s*\n\s*/g, ' '))}
          onKeyDown={(event) => {
            // A title is one line: Enter saves, as in any one-line field; the box only wraps it.
            if (event.key === 'Enter') {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              close();
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
      <button type="button" onClick={close}>
        Cancel
      </button>
    </form>
  );
}
