import { useRef } from 'react';
import { downloadExport, exportFormats, type ExportFormat } from './exportDownload.ts';

/**
 * "Export" opens the list of formats; choosing one downloads the transcript in it. Escape closes
 * the list and puts focus back on Export.
 */
export function ExportMenu(props: { sessionId: string; onError: (error: unknown) => void }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const opener = useRef<HTMLElement>(null);
  const close = () => {
    if (menu.current !== null) menu.current.open = false;
  };
  const choose = async (format: ExportFormat) => {
    close();
    try {
      await downloadExport(props.sessionId, format);
    } catch (failure) {
      props.onError(failure);
    }
  };
  return (
    <details
      className="export-menu"
      ref={menu}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || menu.current?.open !== true) return;
        event.preventDefault();
        close();
        opener.current?.focus();
      }}
    >
      <summary className="button" ref={opener}>
        Export ▾
      </summary>
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
