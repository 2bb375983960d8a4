import { ProblemMessage } from '../settings/ProblemMessage.tsx';

/**
 * A failure, said plainly: the service's own sentence already says why and what to do (a fix it
 * words as a command line is said as the place in Settings to make it).
 */
export function ErrorNotice(props: { error: unknown; onDismiss?: () => void }) {
  if (props.error === undefined || props.error === null) return null;
  const message =
    props.error instanceof Error
      ? props.error.message
      : typeof props.error === 'string'
        ? props.error
        : 'Something went wrong.';
  return (
    <div className="notice notice-error" role="alert">
      <span>
        <ProblemMessage message={message} />
      </span>
      {props.onDismiss && (
        <button type="button" className="button-quiet" onClick={props.onDismiss} aria-label="Dismiss">
          ✕
        </button>
      )}
    </div>
  );
}
