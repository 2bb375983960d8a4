import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventObject,
} from 'xstate';
import type {
  MachineDescription,
  MachinePathsDescription,
  PathStepDescription,
  StateDescription,
  TransitionDescription,
} from './machineDescription.ts';
import { delayedEvents, delayMs } from './delays.ts';
import { type Coverage, type MachineAnalysis, listStates, listTransitions } from './modelPaths.ts';

/** The machine as the visualizer draws it and `earshot inspect machines` prints it: read off its definition. */
export function describeMachine(machine: AnyStateMachine, summary: string): MachineDescription {
  return {
    name: machine.id,
    summary,
    states: listStates(machine).map(({ node }) => describeState(node)),
    transitions: describeTransitions(machine),
  };
}

// xstate's own entry actions that schedule and cancel delayed transitions; the delays are drawn as transitions.
const scheduling = new Set(['xstate.raise', 'xstate.cancel']);

function describeState(node: AnyStateNode): StateDescription {
  const parent = node.parent;
  const kind = node.type === 'history' ? 'atomic' : node.type;
  return {
    id: node.id,
    key: node.key,
    parent: parent === undefined || parent.parent === undefined ? null : parent.id,
    kind,
    initial: parent?.initial.target.includes(node) ?? false,
    entry: node.entry.map(nameOf).filter((name) => !scheduling.has(name)),
    invoke: node.invoke.map((definition) =>
      typeof definition.src === 'string' ? definition.src : definition.id,
    ),
  };
}

function describeTransitions(machine: AnyStateMachine): TransitionDescription[] {
  const delays = delayedEvents(machine);
  return listTransitions(machine).map(({ id, source, target, event, edge }) => {
    const definition = edge.transition;
    const written = delays.get(event);
    const delay =
      written === undefined
        ? null
        : { name: typeof written === 'string' ? written : null, ms: delayMs(machine, written) ?? null };
    return {
      id,
      source,
      target,
      event,
      label: delay === null ? eventLabel(event) : delayLabel(delay),
      delay,
      guard: definition.guard === undefined ? null : nameOf(definition.guard),
      actions: definition.actions.map(nameOf),
      targetless: definition.target === undefined,
    };
  });
}

/** `xstate.done.actor.transcribeChunk` reads as `done: transcribeChunk`; plain events stay as they are. */
function eventLabel(event: string): string {
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event);
  return done ? `${done[1]}: ${done[2]}` : event;
}

function delayLabel({ name, ms }: { name: string | null; ms: number | null }): string {
  if (ms === null) return `after ${name ?? 'a computed delay'}`;
  return ms % 1000 === 0 ? `after ${ms / 1000} s` : `after ${ms} ms`;
}

/** An action, guard or actor source as it is written: its name, or what xstate calls an inline one. */
function nameOf(item: unknown): string {
  if (typeof item === 'string') return item;
  if (typeof item === 'object' && item !== null && 'type' in item && typeof item.type === 'string') {
    return item.type;
  }
  if (typeof item === 'function' && 'type' in item && typeof item.type === 'string') return item.type;
  return 'inline';
}

/** The ids of the states a snapshot is in, outermost first, without the machine itself. */
export function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes.filter((node) => node.parent !== undefined).map((node) => node.id);
}

/**
 * The drawing's ids of a transition that fired. They follow @xstate/graph's `toDirectedGraph`
 * (`<source>:<index among the source's transitions>:<target index>`), computed from the definition's
 * position rather than its identity, so they also hold for a machine given its effects with `provide`.
 */
export function transitionIds(definition: AnyTransitionDefinition): string[] {
  const index = [...definition.source.transitions.values()].flat().indexOf(definition);
  const targets = definition.target?.length ?? 1;
  return Array.from({ length: targets }, (_, target) => `${definition.source.id}:${index}:${target}`);
}

/** Generated test paths in the visualizer's terms: per step, the event, the states and the transitions taken. */
export function describePaths(
  machine: AnyStateMachine,
  analysis: MachineAnalysis<AnyStateMachine>,
): MachinePathsDescription {
  const kinds = [
    ['shortest', analysis.paths.shortest],
    ['simple', analysis.paths.simple],
    ['transition', analysis.paths.transitions],
  ] as const;
  return {
    machine: machine.id,
    coverage: figures(analysis.coverage),
    paths: kinds.flatMap(([kind, paths]) =>
      paths.map((path) => ({
        kind,
        steps: path.steps.map((step, index): PathStepDescription => {
          const before = path.steps[index - 1]?.state;
          const event = step.event as EventObject;
          return {
            event: event.type,
            stateIds: activeStateIds(step.state),
            transitionIds:
              before === undefined ? [] : machine.getTransitionData(before, event).flatMap(transitionIds),
          };
        }),
      })),
    ),
  };
}

function figures(coverage: Coverage): MachinePathsDescription['coverage'] {
  return {
    states: { covered: coverage.states.covered.length, total: coverage.states.total },
    transitions: { covered: coverage.transitions.covered.length, total: coverage.transitions.total },
  };
}
