import { useRef } from 'react';
import { downloadExport, exportFormats, type ExportFormat } from './exportDownload.ts';

/** "Export" opens the list of formats; choosing one downloads the transcript in it. */
export function ExportMenu(props: { sessionId: string; onError: (error: unknown) => void }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const choose = async (format: ExportFormat) => {
    if (menu.current !== null) menu.current.open = false;
    try {
      await downloadExport(props.sessionId, format);
    } catch (failure) {
      props.onError(failure);
    }
  };
  return (
    <details className="export-menu" ref={menu}>
      <summary className="button">Export ▾</summary>
      <div className="export-menu-items" role="group" aria-label="Export formats">
        {exportFormats.map(({ format, label }) => (
          <button key={format} type="button" onClick={() => void choose(format)}>
            {label}
          </button>
        ))}
      </div>
    </details>
  );
}
