import type { MachineDrawing, MachinePathsDescription } from '../../machines/analysis/machineDescription.ts';
import type { AppMessage, InspectedActor, InspectionStep } from '../../api/appChannel/appProtocol.ts';

/** The inspection messages of `/ws/app`: what the service tells the Inspector page. */
export type InspectionMessage = Extract<AppMessage, { type: `inspect.${string}` }>;

export interface ActorRecord {
  actor: InspectedActor;
  /** The steps seen so far, oldest first, one per `seq`. */
  steps: InspectionStep[];
  /** Whether the service's recorded history has been merged in (until then `steps` holds only what streamed). */
  historyLoaded: boolean;
  /** How many older steps the service's bounded log no longer had. */
  dropped: number;
}

export interface InspectorState {
  /** Whether the first snapshot has arrived. */
  ready: boolean;
  /** Counts snapshots: a new one (after a reconnect) means earlier requests may have been lost. */
  generation: number;
  machines: MachineDrawing[];
  actors: Record<string, ActorRecord>;
  paths: Record<string, MachinePathsDescription>;
  /** The service's sentence for the last request it refused. */
  refusal: string | null;
}

export type InspectorAction = InspectionMessage | { type: 'refusal.dismiss' };

export const initialInspectorState: InspectorState = {
  ready: false,
  generation: 0,
  machines: [],
  actors: {},
  paths: {},
  refusal: null,
};

export function isInspectionMessage(message: AppMessage): message is InspectionMessage {
  return message.type.startsWith('inspect.');
}

/** The Inspector page's state, changed only by what the service sends (and the user dismissing a refusal). */
export function inspectorReducer(state: InspectorState, action: InspectorAction): InspectorState {
  switch (action.type) {
    case 'inspect.snapshot':
      return {
        ...state,
        ready: true,
        generation: state.generation + 1,
        machines: action.machines,
        // Steps streamed before a reconnect may have gaps: each actor starts again from where it is now.
        actors: Object.fromEntries(action.actors.map((actor) => [actor.id, newRecord(actor)])),
      };
    case 'inspect.actor': {
      const known = state.actors[action.actor.id];
      const record = known
        ? { ...known, actor: action.actor, steps: withStep(known.steps, action.actor.current) }
        : newRecord(action.actor);
      return { ...state, actors: { ...state.actors, [action.actor.id]: record } };
    }
    case 'inspect.step': {
      const known = state.actors[action.actorId];
      if (!known) return state;
      const isLatest = action.step.seq >= known.actor.current.seq;
      const record: ActorRecord = {
        ...known,
        actor: isLatest ? { ...known.actor, current: action.step } : known.actor,
        steps: withStep(known.steps, action.step),
      };
      return { ...state, actors: { ...state.actors, [action.actorId]: record } };
    }
    case 'inspect.history': {
      const known = state.actors[action.actorId];
      if (!known) return state;
      const record: ActorRecord = {
        ...known,
        steps: action.steps.reduce(withStep, known.steps),
        historyLoaded: true,
        dropped: action.dropped,
      };
      return { ...state, actors: { ...state.actors, [action.actorId]: record } };
    }
    case 'inspect.paths':
      return { ...state, paths: { ...state.paths, [action.paths.machine]: action.paths } };
    case 'inspect.refused':
      return { ...state, refusal: action.message };
    case 'refusal.dismiss':
      return { ...state, refusal: null };
  }
}

function newRecord(actor: InspectedActor): ActorRecord {
  return { actor, steps: [actor.current], historyLoaded: false, dropped: 0 };
}

/**
 * The steps with `step` in its place by `seq`. A step with a `seq` already held is the same event
 * folded further (more repeats), so the one with more repeats wins whichever arrives last: the stream
 * and a history answer can cross.
 */
export function withStep(steps: readonly InspectionStep[], step: InspectionStep): InspectionStep[] {
  let index = steps.length;
  while (index > 0 && steps[index - 1]!.seq > step.seq) index -= 1;
  const previous = steps[index - 1];
  if (previous?.seq === step.seq) {
    if (previous.repeated > step.repeated) return [...steps];
    return [...steps.slice(0, index - 1), step, ...steps.slice(index)];
  }
  return [...steps.slice(0, index), step, ...steps.slice(index)];
}

/** Running actors first, grouped by machine in catalog order; then finished ones, the latest first. */
export function groupActors(state: InspectorState): {
  running: { machine: string; actors: InspectedActor[] }[];
  finished: InspectedActor[];
} {
  const all = Object.values(state.actors).map((record) => record.actor);
  const machineOrder = state.machines.map((drawing) => drawing.description.name);
  const rank = (machine: string) => {
    const position = machineOrder.indexOf(machine);
    return position === -1 ? machineOrder.length : position;
  };
  const running = all
    .filter((actor) => actor.endedAt === null)
    .sort((a, b) => rank(a.machine) - rank(b.machine) || a.startedAt - b.startedAt);
  const groups: { machine: string; actors: InspectedActor[] }[] = [];
  for (const actor of running) {
    const group = groups.at(-1);
    if (group?.machine === actor.machine) group.actors.push(actor);
    else groups.push({ machine: actor.machine, actors: [actor] });
  }
  const finished = all
    .filter((actor) => actor.endedAt !== null)
    .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0));
  return { running: groups, finished };
}
