import type { ReactNode } from 'react';
import type { InspectedActor } from '../../api/appChannel/appProtocol.ts';
import { hashOf } from '../app/route.ts';
import { formatDuration } from '../format/time.ts';
import { formatClockTime, formatStateValue } from './inspectFormat.ts';
import { actorGroupTitle } from './machineTitles.ts';

const statusBadges: Record<InspectedActor['status'], string> = {
  active: 'badge-success',
  done: '',
  stopped: 'badge-warning',
  error: 'badge-danger',
};

/** Running actors grouped by machine, each with where it is and for how long; finished ones below. */
export function ActorList(props: {
  running: { machine: string; actors: InspectedActor[] }[];
  finished: InspectedActor[];
  selectedId: string | undefined;
  now: number;
}) {
  return (
    <nav className="actor-list" aria-label="Actors">
      {props.running.length === 0 && <p className="muted actor-list-note">Nothing is running right now.</p>}
      {props.running.map((group) => (
        <section key={group.machine} aria-label={actorGroupTitle(group.machine)}>
          <h2 className="actor-group-title">
            {actorGroupTitle(group.machine)} <span className="muted">{group.actors.length}</span>
          </h2>
          <ul>
            {group.actors.map((actor) => (
              <ActorItem key={actor.id} actor={actor} selected={actor.id === props.selectedId}>
                <span className="muted">{formatDuration(props.now - actor.startedAt)}</span>
              </ActorItem>
            ))}
          </ul>
        </section>
      ))}
      {props.finished.length > 0 && (
        <section aria-label="Finished">
          <h2 className="actor-group-title">
            Finished <span className="muted">{props.finished.length}</span>
          </h2>
          <ul>
            {props.finished.map((actor) => (
              <ActorItem key={actor.id} actor={actor} selected={actor.id === props.selectedId}>
                <span className={`badge ${statusBadges[actor.status]}`}>{actor.status}</span>
                <span className="muted">ended {formatClockTime(actor.endedAt ?? actor.current.at)}</span>
              </ActorItem>
            ))}
          </ul>
        </section>
      )}
    </nav>
  );
}

function ActorItem(props: { actor: InspectedActor; selected: boolean; children: ReactNode }) {
  const { actor } = props;
  return (
    <li>
      <a
        className="actor-item"
        href={hashOf({ page: 'inspect', tab: 'actors', actorId: actor.id })}
        aria-current={props.selected ? 'true' : undefined}
        data-actor-id={actor.id}
      >
        <span className="actor-item-label">{actor.label}</span>
        <span className="actor-item-meta">
          <code className="actor-item-state" data-testid="actor-state">
            {formatStateValue(actor.current.value)}
          </code>
          {props.children}
        </span>
      </a>
    </li>
  );
}
