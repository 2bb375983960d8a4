import { useEffect } from 'react';
import { hashOf, type Route } from '../app/route.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import type { AppConnection } from '../connection/appConnection.ts';
import { ActorDetail } from '../inspect/ActorDetail.tsx';
import { ActorList } from '../inspect/ActorList.tsx';
import { groupActors, type InspectorState } from '../inspect/inspectorState.ts';
import { MachineDetail } from '../inspect/MachineDetail.tsx';
import { MachineList } from '../inspect/MachineList.tsx';
import { useInspector, useNow } from '../inspect/useInspector.ts';
import '../styles/inspect.css';

type InspectRoute = Extract<Route, { page: 'inspect' }>;

/**
 * The Inspector: every actor of the service with its state machine drawn and followed live, and
 * every machine with its generated test paths. It listens to the service only while it is open.
 */
export function InspectPage(props: { route: InspectRoute }) {
  const { route } = props;
  const { state, dispatch, connection } = useInspector();
  const runningCount = Object.values(state.actors).filter((record) => record.actor.endedAt === null).length;
  const tabs = [
    {
      tab: 'actors',
      label: 'Actors',
      count: runningCount > 0 ? `${runningCount} running` : '',
      href: hashOf({ page: 'inspect', tab: 'actors' }),
    },
    {
      tab: 'machines',
      label: 'Machines',
      count: state.ready ? String(state.machines.length) : '',
      href: hashOf({ page: 'inspect', tab: 'machines' }),
    },
  ] as const;

  return (
    <div className="inspect-page">
      <h1>Inspector</h1>
      <nav className="page-tabs" aria-label="Inspector">
        {tabs.map((tab) => (
          <a key={tab.tab} href={tab.href} aria-current={route.tab === tab.tab ? 'page' : undefined}>
            {tab.label} {tab.count !== '' && <span className="muted">{tab.count}</span>}
          </a>
        ))}
      </nav>
      <ErrorNotice error={state.refusal} onDismiss={() => dispatch({ type: 'refusal.dismiss' })} />
      {!state.ready ? (
        <p className="muted" role="status">
          Waiting for the service to list its actors and machines…
        </p>
      ) : route.tab === 'actors' ? (
        <ActorsView state={state} actorId={route.actorId} connection={connection} />
      ) : (
        <MachinesView state={state} machine={route.machine} connection={connection} />
      )}
    </div>
  );
}

function ActorsView(props: {
  state: InspectorState;
  actorId: string | undefined;
  connection: AppConnection;
}) {
  const { state, actorId, connection } = props;
  const now = useNow();
  const record = actorId === undefined ? undefined : state.actors[actorId];
  const needsHistory = record !== undefined && !record.historyLoaded;
  useEffect(() => {
    if (actorId !== undefined && needsHistory) connection.send({ type: 'inspect.history', actorId });
  }, [actorId, needsHistory, state.generation, connection]);

  const { running, finished } = groupActors(state);
  if (running.length === 0 && finished.length === 0) {
    return (
      <EmptyState title="No actors yet">
        Start a recording on the <a href={hashOf({ page: 'live' })}>Live</a> page or a file on the{' '}
        <a href={hashOf({ page: 'files' })}>Files</a> page; actors appear here as they run.
      </EmptyState>
    );
  }
  return (
    <div className="inspect-layout">
      <ActorList running={running} finished={finished} selectedId={actorId} now={now} />
      <div className="inspect-main">
        {record !== undefined ? (
          <ActorDetail
            key={record.actor.id}
            record={record}
            drawing={state.machines.find((drawing) => drawing.description.name === record.actor.machine)}
          />
        ) : actorId !== undefined ? (
          <div className="notice notice-warning" role="status">
            <span>
              The service no longer lists the actor {actorId}: it ended a while ago, or the service restarted.
              Choose another one.
            </span>
          </div>
        ) : (
          <p className="muted inspect-hint">
            Choose an actor to see its machine, the state it is in, its events and its context.
          </p>
        )}
      </div>
    </div>
  );
}

function MachinesView(props: {
  state: InspectorState;
  machine: string | undefined;
  connection: AppConnection;
}) {
  const { state, machine, connection } = props;
  const drawing = state.machines.find((known) => known.description.name === machine);
  const needsPaths = drawing !== undefined && state.paths[drawing.description.name] === undefined;
  useEffect(() => {
    if (machine !== undefined && needsPaths) connection.send({ type: 'inspect.paths', machine });
  }, [machine, needsPaths, state.generation, connection]);

  return (
    <div className="inspect-layout">
      <MachineList machines={state.machines} selected={machine} />
      <div className="inspect-main">
        {drawing !== undefined ? (
          <MachineDetail
            key={drawing.description.name}
            drawing={drawing}
            paths={state.paths[drawing.description.name]}
          />
        ) : machine !== undefined ? (
          <div className="notice notice-warning" role="status">
            <span>There is no machine named {machine}. Choose one from the list.</span>
          </div>
        ) : (
          <p className="muted inspect-hint">
            Choose a machine to see its states and transitions, drawn from its definition, and the test paths
            generated from it.
          </p>
        )}
      </div>
    </div>
  );
}
