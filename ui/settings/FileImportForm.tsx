import { type FormEvent, useState } from 'react';

/**
 * A file picked with the browser's file chooser and sent to the service as an upload: the service
 * opens no path a page names, so the file itself travels. The service keeps its own copy.
 */
export function FileImportForm(props: {
  label: string;
  /** File types the chooser offers first, as the input's `accept`. */
  accept?: string;
  buttonLabel: string;
  busy: boolean;
  /** This form's own upload is under way. */
  working: boolean;
  onImport: (file: File) => void;
}) {
  const [file, setFile] = useState<File>();
  const id = `import-${props.buttonLabel.toLowerCase().replace(/\W+/g, '-')}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file !== undefined) props.onImport(file);
  };
  return (
    <form className="field" onSubmit={submit}>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <div className="path-form">
        <input
          id={id}
          type="file"
          accept={props.accept}
          onChange={(event) => setFile(event.target.files?.[0])}
          aria-describedby={`${id}-hint`}
        />
        <button type="submit" disabled={props.busy || file === undefined}>
          {props.working ? 'Uploading…' : props.buttonLabel}
        </button>
      </div>
      <span className="field-hint" id={`${id}-hint`}>
        The file is uploaded to Earshot, which keeps a copy of it in its data directory.
      </span>
    </form>
  );
}
