import { useState } from 'react';
import type { MachineDrawing, MachinePathsDescription } from '../../machines/analysis/machineDescription.ts';
import { eventLabel, formatStateIds } from './inspectFormat.ts';
import { MachineGraph } from './MachineGraph.tsx';
import { PathList } from './PathList.tsx';
import { heldAt, type PlaybackPosition, shownIndex } from './playback.ts';
import { PlaybackControls } from './PlaybackControls.tsx';
import { StepList } from './StepList.tsx';

/** A machine's graph and, beside it, its generated test paths; a chosen path plays on the graph. */
export function MachineDetail(props: {
  drawing: MachineDrawing;
  paths: MachinePathsDescription | undefined;
}) {
  const { description } = props.drawing;
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [position, setPosition] = useState<PlaybackPosition>(heldAt(0));
  const path = selected === undefined ? undefined : props.paths?.paths[selected];
  const steps = path?.steps ?? [];
  const index = shownIndex(position, steps.length);
  const step = steps[index];
  const { coverage } = props.paths ?? {};

  return (
    <div className="machine-detail">
      <section className="card machine-detail-graph" aria-labelledby="machine-detail-title">
        <header className="inspect-card-header">
          <h2 id="machine-detail-title">
            <code>{description.name}</code>
          </h2>
          <span className="muted">
            {description.states.length} states · {description.transitions.length} transitions
          </span>
        </header>
        <p className="muted machine-detail-summary">{description.summary}</p>
        {path !== undefined && (
          <PlaybackControls
            stepName="Path step"
            count={steps.length}
            position={position}
            onChange={setPosition}
            canFollow={false}
          />
        )}
        <MachineGraph
          drawing={props.drawing}
          activeStateIds={step?.stateIds ?? []}
          takenTransitionIds={step?.transitionIds ?? []}
        />
      </section>
      <section className="card machine-detail-paths" aria-labelledby="machine-paths-title">
        <h3 id="machine-paths-title">Generated test paths</h3>
        {props.paths === undefined || coverage === undefined ? (
          <p className="muted" role="status">
            Generating the paths…
          </p>
        ) : (
          <>
            <p className="path-coverage" data-testid="paths-coverage">
              {props.paths.machine}: states {coverage.states.covered}/{coverage.states.total}, transitions{' '}
              {coverage.transitions.covered}/{coverage.transitions.total}
            </p>
            <PathList
              paths={props.paths}
              transitions={description.transitions}
              machine={description.name}
              selected={selected}
              onSelect={(chosen) => {
                setSelected(chosen);
                setPosition(heldAt(0));
              }}
            />
            {path !== undefined && (
              <StepList
                label="Path steps"
                rows={steps.map((pathStep, stepIndex) => ({
                  key: stepIndex,
                  event: eventLabel(description.transitions, pathStep.event),
                  details: pathStep.event,
                  stateAfter: formatStateIds(pathStep.stateIds, description.name),
                }))}
                shownIndex={index}
                onSelect={(chosen) => setPosition(heldAt(chosen))}
                before={<h4 className="path-steps-title">Steps of the chosen path</h4>}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
