import { type FormEvent, useState } from 'react';
import type { AllNotesAnswer, NotesFolderAnswer } from '../../api/control/notesFolderControl.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { useControlData } from './useControlData.ts';
import { FormSaveBar } from './FormSaveBar.tsx';
import { useFormSave } from './useFormSave.ts';

/**
 * Session notes in a folder the owner picks (an Obsidian vault works as it is): the folder, whether
 * a note is written as each session completes, how the last write went, and writing every note now.
 */
export function NotesFolderSettings() {
  const notes = useControlData<NotesFolderAnswer>('/settings/notes-folder');
  if (notes.data === undefined) {
    return notes.error === undefined ? (
      <p className="muted">Loading the notes folder…</p>
    ) : (
      <ErrorNotice error={notes.error} />
    );
  }
  return <NotesFolderForm notes={notes.data} onChanged={notes.replace} reload={notes.reload} />;
}

function NotesFolderForm(props: {
  notes: NotesFolderAnswer;
  onChanged: (answer: NotesFolderAnswer) => void;
  reload: () => void;
}) {
  const { lastWritten, problem } = props.notes;
  const [folder, setFolder] = useState(props.notes.folder ?? '');
  const [enabled, setEnabled] = useState(props.notes.enabled);
  const form = useFormSave();
  const writing = useFormSave();
  const [written, setWritten] = useState<AllNotesAnswer>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The service checks the folder (there, a folder, writable) and says what to do when it will not do.
    const body = { folder: folder.trim() === '' ? null : folder.trim(), enabled };
    return form.save(async () =>
      props.onChanged(await control<NotesFolderAnswer>('PUT', '/settings/notes-folder', body)),
    );
  };

  const writeAll = () =>
    writing.save(async () => {
      setWritten(await control<AllNotesAnswer>('POST', '/notes-folder/sessions'));
      props.reload();
    });

  return (
    <form className="card settings-card notes-folder-settings" onSubmit={(event) => void submit(event)}>
      <h2>Notes folder</h2>
      <p className="muted">
        Earshot can write each completed session as a Markdown note into a folder, such as an Obsidian vault:
        its details as properties, the summary, the action items as tasks, the chapters and the transcript,
        with times that open the moment here. The note is written again when the summary is ready. Write your
        own notes below the line that says so: they are kept every time.
      </p>
      <div className="field">
        <label className="field-label" htmlFor="notes-folder-path">
          Folder
        </label>
        <input
          id="notes-folder-path"
          type="text"
          value={folder}
          placeholder="/home/you/Obsidian/Meetings"
          spellCheck={false}
          aria-describedby="notes-folder-path-hint"
          onChange={(event) => setFolder(event.target.value)}
        />
        <span className="field-hint" id="notes-folder-path-hint">
          The folder’s full path on this computer. It must be there already; Earshot writes one file per
          session in it and nothing else.
        </span>
      </div>
      <label className="field">
        <span>
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />{' '}
          Write a note when a session completes, and again when its summary is ready
        </span>
      </label>
      <FormSaveBar save={form} />
      {props.notes.folder !== null && (
        <section className="notes-folder-state" aria-label="Notes written">
          {problem !== null && <ErrorNotice error={problem.message} />}
          <p className="muted">
            {lastWritten === null
              ? 'No note written since Earshot started.'
              : `Last written: ${lastWritten.file}, ${new Date(lastWritten.at).toLocaleString()}.`}
          </p>
          <div className="toolbar">
            <button type="button" onClick={() => void writeAll()} disabled={writing.saving}>
              {writing.saving ? 'Writing…' : 'Write all notes now'}
            </button>
            <span className="muted" role="status">
              {written === undefined
                ? ''
                : `${written.created} made, ${written.updated} changed, ${written.unchanged} already up to date.`}
            </span>
          </div>
          <ErrorNotice error={writing.failure} onDismiss={writing.dismissFailure} />
          {written !== undefined &&
            written.problems.map((message) => <ErrorNotice key={message} error={message} />)}
        </section>
      )}
    </form>
  );
}
