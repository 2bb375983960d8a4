import { ErrorNotice } from '../components/ErrorNotice.tsx';
import type { useFormSave } from './useFormSave.ts';

/**
 * The end of a settings form: why the last save failed (dismissable), the submit button, which says
 * `Saving…` while it runs, and `savedText` once it worked.
 */
export function FormSaveBar(props: {
  save: ReturnType<typeof useFormSave>;
  label?: string;
  savedText?: string;
}) {
  const { failure, dismissFailure, saving, saved } = props.save;
  return (
    <>
      <ErrorNotice error={failure} onDismiss={dismissFailure} />
      <div className="toolbar">
        <button type="submit" className="button-primary" disabled={saving}>
          {saving ? 'Saving…' : (props.label ?? 'Save')}
        </button>
        <span className="muted" role="status">
          {saved ? (props.savedText ?? 'Saved.') : ''}
        </span>
      </div>
    </>
  );
}
