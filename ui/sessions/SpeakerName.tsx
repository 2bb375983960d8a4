import { useId } from 'react';
import { control, ControlRequestError } from '../connection/control.ts';
import { useInPlaceEdit } from './useInPlaceEdit.ts';

/** The longest name the service keeps for a speaker (store/speakerNames.ts). */
const longestName = 100;

/**
 * A transcript line's speaker: the name given to its label, else the label, as a button that turns
 * into a field to name the speaker for the whole session. Enter saves, Escape cancels, an empty
 * name shows the label again, and the service's reason shows beside the field when it refuses;
 * then focus is back on the button. The page reads the session again once the name is saved (its
 * `updatedAt` moves), so every line of that speaker changes together.
 */
export function SpeakerName(props: { sessionId: string; label: string; name: string | undefined }) {
  const shown = props.name ?? props.label;
  const { draft, setDraft, problem, saving, returnTo, close, onSubmit } = useInPlaceEdit<HTMLButtonElement>(
    (name) =>
      control('PUT', `/sessions/${encodeURIComponent(props.sessionId)}/speakers`, {
        label: props.label,
        name,
      }),
    (error) =>
      error instanceof ControlRequestError
        ? (error.fields.name ?? error.fields.label ?? error.message)
        : 'The name was not saved.',
  );
  const errorId = useId();

  if (draft === undefined) {
    return (
      <button
        ref={returnTo}
        type="button"
        className="speaker speaker-button"
        aria-label={`Name speaker ${shown}`}
        title={props.name === undefined ? 'Name this speaker' : `${props.label}: name this speaker`}
        onClick={() => setDraft(props.name ?? '')}
      >
        {shown}:
      </button>
    );
  }
  return (
    <form className="speaker-form" onSubmit={onSubmit}>
      <input
        aria-label={`Name for ${props.label} (empty shows the label)`}
        placeholder={props.label}
        value={draft}
        maxLength={longestName}
        autoFocus
        aria-invalid={problem !== undefined}
        aria-describedby={problem === undefined ? undefined : errorId}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
        }}
      />
      <button type="submit" className="button-primary" disabled={saving}>
        Save
      </button>
      <button type="button" onClick={close}>
        Cancel
      </button>
      {problem !== undefined && (
        <span id={errorId} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}
