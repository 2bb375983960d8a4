import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal question before something that cannot be undone. The native dialog gives focus
 * trapping and Escape-to-cancel for free.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Unique per dialog: a page may hold several (one per list), and each must be named by its own title.
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
  }, [props.open]);
  return (
    <dialog ref={dialog} className="dialog" onCancel={props.onCancel} aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      <div>{props.children}</div>
      <div className="dialog-actions">
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="button" className="button-danger" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
