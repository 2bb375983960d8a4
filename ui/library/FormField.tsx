import { type ReactNode, useId } from 'react';

/**
 * A labelled input with its hint and the service's message for it. `children` receives the id and
 * ARIA attributes to spread on the input, so the message is announced with it.
 */
export function FormField(props: {
  label: string;
  hint?: string;
  problem: string | undefined;
  children: (input: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  const describedBy = [props.problem === undefined ? '' : problemId, props.hint === undefined ? '' : hintId]
    .filter((part) => part !== '')
    .join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      {props.children({
        id,
        'aria-invalid': props.problem !== undefined,
        'aria-describedby': describedBy === '' ? undefined : describedBy,
      })}
      {props.hint !== undefined && (
        <span id={hintId} className="field-hint">
          {props.hint}
        </span>
      )}
      {props.problem !== undefined && (
        <span id={problemId} className="field-error" role="alert">
          {props.problem}
        </span>
      )}
    </div>
  );
}
