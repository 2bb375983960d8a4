import { type ReactNode, useLayoutEffect, useRef } from 'react';

export interface StepRow {
  key: string | number;
  /** When it happened, for an actor's events; paths have no time. */
  time?: string;
  event: string;
  payload?: string;
  /** How many events a folded step stands for. */
  repeated?: number;
  stateAfter: string;
  /** The whole event, shown as the row's tooltip. */
  details?: string;
}

/**
 * Steps one per row, the shown one marked; choosing a row shows that step. The list scrolls inside
 * its own box and keeps the shown row in view without moving the page.
 */
export function StepList(props: {
  label: string;
  rows: StepRow[];
  shownIndex: number;
  onSelect: (index: number) => void;
  before?: ReactNode;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const { shownIndex } = props;
  useLayoutEffect(() => {
    const list = listRef.current;
    const row = list?.children[shownIndex] as HTMLElement | undefined;
    if (list === null || row === undefined) return;
    const top = row.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + row.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + row.offsetHeight - list.clientHeight;
    }
  }, [shownIndex, props.rows.length]);

  return (
    <div className="step-list">
      {props.before}
      <ol ref={listRef} className="step-list-rows" aria-label={props.label}>
        {props.rows.map((row, index) => (
          <li key={row.key}>
            <button
              type="button"
              className="step-row"
              aria-current={index === shownIndex ? 'step' : undefined}
              onClick={() => props.onSelect(index)}
              title={row.details}
            >
              {row.time !== undefined && <span className="timestamp">{row.time}</span>}
              <span className="step-event">
                <strong>{row.event}</strong>
                {row.repeated !== undefined && row.repeated > 1 && (
                  <span className="badge step-repeated">×{row.repeated}</span>
                )}
                {row.payload !== undefined && row.payload !== '' && (
                  <span className="step-payload muted">{row.payload}</span>
                )}
              </span>
              <span className="step-state" title={row.stateAfter}>
                → {row.stateAfter}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
