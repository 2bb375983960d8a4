import { useState } from 'react';
import type { MachineDrawing } from '../../machines/analysis/machineDescription.ts';
import { formatDateTime } from '../format/time.ts';
import type { ActorRecord } from './inspectorState.ts';
import {
  eventLabel,
  formatClockTime,
  formatStateValue,
  prettyJson,
  summarizePayload,
} from './inspectFormat.ts';
import { MachineGraph } from './MachineGraph.tsx';
import { followingLatest, heldAt, type PlaybackPosition, shownIndex } from './playback.ts';
import { PlaybackControls } from './PlaybackControls.tsx';
import { StepList } from './StepList.tsx';

/**
 * One actor: its machine with the state it is in (or was in at the step chosen), its event log
 * and its context. A running actor is followed live until the user steps back; a finished one is
 * stepped through.
 */
export function ActorDetail(props: { record: ActorRecord; drawing: MachineDrawing | undefined }) {
  const { actor, steps } = props.record;
  const [position, setPosition] = useState<PlaybackPosition>(followingLatest);
  const running = actor.endedAt === null;
  const index = shownIndex(position, steps.length);
  const step = steps[index] ?? actor.current;
  const rows = steps.map((known) => ({
    key: known.seq,
    time: formatClockTime(known.at),
    event: eventLabel(props.drawing?.description.transitions, known.event.type),
    payload: summarizePayload(known.event),
    repeated: known.repeated,
    stateAfter: formatStateValue(known.value),
    details: prettyJson(known.event),
  }));

  return (
    <div className="actor-detail" data-testid="actor-detail">
      <section className="card" aria-labelledby="actor-detail-title">
        <header className="inspect-card-header">
          <h2 id="actor-detail-title">{actor.label}</h2>
          <code className="muted">{actor.machine}</code>
          <span
            className={`badge ${running ? 'badge-success' : actor.status === 'error' ? 'badge-danger' : ''}`}
          >
            {running ? 'running' : actor.status}
          </span>
          <span className="muted inspect-card-when">
            started {formatDateTime(actor.startedAt)}
            {actor.endedAt !== null && `, ended ${formatClockTime(actor.endedAt)}`}
          </span>
        </header>
        <PlaybackControls
          stepName="Recorded step"
          count={steps.length}
          position={position}
          onChange={setPosition}
          canFollow={running}
        />
        <p className="shown-step" data-testid="shown-step">
          <span className="muted">In</span>{' '}
          <code data-testid="shown-state">{formatStateValue(step.value)}</code>{' '}
          <span className="muted">after</span>{' '}
          <code>{eventLabel(props.drawing?.description.transitions, step.event.type)}</code>
          {step.repeated > 1 && <span className="muted"> ×{step.repeated}</span>}{' '}
          <span className="timestamp">{formatClockTime(step.at)}</span>
        </p>
        {props.drawing === undefined ? (
          <p className="muted">The service sent no drawing of the machine {actor.machine}.</p>
        ) : (
          <MachineGraph
            drawing={props.drawing}
            activeStateIds={step.stateIds}
            takenTransitionIds={step.transitionIds}
          />
        )}
      </section>
      <div className="inspect-columns">
        <section className="card" aria-labelledby="actor-events-title">
          <h3 id="actor-events-title">Events</h3>
          <StepList
            label="Events"
            rows={rows}
            shownIndex={index}
            onSelect={(chosen) => setPosition(heldAt(chosen))}
            before={
              !props.record.historyLoaded ? (
                <p className="muted step-list-note">Loading the recorded events…</p>
              ) : props.record.dropped > 0 ? (
                <p className="muted step-list-note">
                  {props.record.dropped} earlier events are no longer kept.
                </p>
              ) : undefined
            }
          />
        </section>
        <section className="card" aria-labelledby="actor-context-title">
          <details className="context-view" open>
            <summary>
              <h3 id="actor-context-title">Context</h3>
            </summary>
            {/* A tab stop, so a keyboard can scroll a long context. */}
            <pre data-testid="actor-context" tabIndex={0}>
              {prettyJson(step.context)}
            </pre>
          </details>
        </section>
      </div>
    </div>
  );
}
