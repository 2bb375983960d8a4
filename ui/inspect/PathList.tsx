import { useState } from 'react';
import type {
  MachinePathsDescription,
  TransitionDescription,
} from '../../machines/analysis/machineDescription.ts';
import { eventLabel, formatStateIds } from './inspectFormat.ts';

type PathKind = MachinePathsDescription['paths'][number]['kind'];

const kinds: { kind: PathKind; label: string; hint: string }[] = [
  { kind: 'shortest', label: 'Shortest', hint: 'The shortest way to reach each state.' },
  { kind: 'simple', label: 'Simple', hint: 'Every way to reach each state without passing a state twice.' },
  {
    kind: 'transition',
    label: 'Transition',
    hint: 'One path per transition: the shortest way to its source, then the transition.',
  },
];

const pageSize = 12;

/** The machine's generated test paths by kind, a page at a time (simple paths can be hundreds). */
export function PathList(props: {
  paths: MachinePathsDescription;
  transitions: readonly TransitionDescription[];
  machine: string;
  selected: number | undefined;
  onSelect: (index: number) => void;
}) {
  const [kind, setKind] = useState<PathKind>('shortest');
  const [page, setPage] = useState(0);
  const numbered = props.paths.paths.map((path, index) => ({ path, index }));
  const ofKind = numbered.filter(({ path }) => path.kind === kind);
  const pageCount = Math.max(1, Math.ceil(ofKind.length / pageSize));
  const shownPage = Math.min(page, pageCount - 1);
  const shown = ofKind.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
  const hint = kinds.find((known) => known.kind === kind)?.hint;

  return (
    <div className="path-list">
      <div className="path-kinds" role="group" aria-label="Kind of path">
        {kinds.map((known) => (
          <button
            key={known.kind}
            type="button"
            aria-pressed={known.kind === kind}
            onClick={() => {
              setKind(known.kind);
              setPage(0);
            }}
          >
            {known.label}{' '}
            <span className="muted">{numbered.filter(({ path }) => path.kind === known.kind).length}</span>
          </button>
        ))}
      </div>
      <p className="field-hint">{hint}</p>
      {ofKind.length === 0 ? (
        <p className="muted">No paths of this kind.</p>
      ) : (
        <ol className="path-rows" aria-label={`${kind} paths`}>
          {shown.map(({ path, index }) => {
            const events = path.steps.slice(1).map((step) => eventLabel(props.transitions, step.event));
            return (
              <li key={index}>
                <button
                  type="button"
                  className="path-row"
                  aria-current={index === props.selected ? 'true' : undefined}
                  onClick={() => props.onSelect(index)}
                  title={events.join(' → ')}
                >
                  <span className="path-row-length">
                    {events.length} {events.length === 1 ? 'step' : 'steps'}
                  </span>
                  <span className="path-row-events">{events.join(' → ') || '(the initial state)'}</span>
                  <span className="path-row-end">
                    → {formatStateIds(path.steps.at(-1)?.stateIds ?? [], props.machine)}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {pageCount > 1 && (
        <div className="path-pages">
          <button type="button" onClick={() => setPage(shownPage - 1)} disabled={shownPage === 0}>
            Previous
          </button>
          <span className="muted">
            {shownPage * pageSize + 1}–{Math.min((shownPage + 1) * pageSize, ofKind.length)} of{' '}
            {ofKind.length}
          </span>
          <button type="button" onClick={() => setPage(shownPage + 1)} disabled={shownPage === pageCount - 1}>
            Next
          </button>
        </div>
      )}
    </div>
  );
}
