import { type FormEvent, useState } from 'react';

/**
 * A file path typed by hand: a browser never tells a page where a picked file lives on disk, and
 * the service needs the path on the computer it runs on.
 */
export function PathImportForm(props: {
  label: string;
  placeholder: string;
  buttonLabel: string;
  busy: boolean;
  onImport: (path: string) => void;
}) {
  const [path, setPath] = useState('');
  const id = `import-${props.buttonLabel.toLowerCase().replace(/\W+/g, '-')}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim() !== '') props.onImport(path.trim());
  };
  return (
    <form className="field" onSubmit={submit}>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <div className="path-form">
        <input
          id={id}
          value={path}
          spellCheck={false}
          placeholder={props.placeholder}
          onChange={(event) => setPath(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <button type="submit" disabled={props.busy || path.trim() === ''}>
          {props.buttonLabel}
        </button>
      </div>
      <span className="field-hint" id={`${id}-hint`}>
        The full path of the file on the computer running Earshot (browsers do not tell a page where a chosen
        file is). Earshot copies it into its data directory.
      </span>
    </form>
  );
}
