import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  getStateNodes,
  serializeSnapshot,
  toDirectedGraph,
} from '@xstate/graph';
import type {
  AdjacencyValue,
  DirectedGraphEdge,
  DirectedGraphNode,
  StatePath,
  TraversalOptions,
} from '@xstate/graph';
import { __unsafe_getAllOwnEventDescriptors } from 'xstate';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventFromLogic,
  EventObject,
  InputFrom,
} from 'xstate';

// @xstate/graph types paths by `ReturnType<logic.transition>`; using the same spelling keeps its overloads happy.
export type SnapshotOf<M extends AnyStateMachine> = ReturnType<M['transition']>;
export type ModelPath<M extends AnyStateMachine> = StatePath<SnapshotOf<M>, EventFromLogic<M>>;

/**
 * Traversal options for one machine.
 *
 * `events` is left out on purpose: in @xstate/graph it replaces event discovery, which silently drops delayed
 * (`after`) transitions. Use `extraEvents` to give payloads instead; they are added to what is discovered.
 *
 * `limit` is a guard, not a bound: @xstate/graph throws "Traversal limit exceeded" once it is passed. Machines
 * whose context can grow without end need `stopWhen`.
 */
export type ModelTraversal<M extends AnyStateMachine> = Omit<
  TraversalOptions<SnapshotOf<M>, EventFromLogic<M>, InputFrom<M>>,
  'events'
> & {
  /**
   * Concrete events (with payload) to send wherever a state accepts their type. For an accepted type with no
   * sample, the bare `{ type }` is sent, as @xstate/graph does by default.
   */
  extraEvents?: readonly EventFromLogic<M>[];
};

export interface ModelState {
  id: string;
  node: AnyStateNode;
}

export interface ModelTransition {
  /** The edge id from `toDirectedGraph`, unique even when two guarded transitions share source, event and target. */
  id: string;
  label: string;
  source: string;
  target: string;
  event: string;
  edge: DirectedGraphEdge;
}

export interface MachinePaths<M extends AnyStateMachine> {
  shortest: ModelPath<M>[];
  simple: ModelPath<M>[];
  /**
   * One path per edge that the traversal explored: the shortest path to the edge's source, then the edge.
   * Shortest and simple paths never take an edge back into a state they already passed through (for example
   * `interrupted → recording` on RESUME), so without these such transitions would never be exercised.
   */
  transitions: ModelPath<M>[];
}

export interface CoverageCount {
  total: number;
  covered: string[];
  uncovered: string[];
}

export interface Coverage {
  states: CoverageCount;
  transitions: CoverageCount;
}

export interface MachineAnalysis<M extends AnyStateMachine> {
  states: ModelState[];
  transitions: ModelTransition[];
  paths: MachinePaths<M>;
  coverage: Coverage;
}

export function listStates(machine: AnyStateMachine): ModelState[] {
  // A history node is a pseudo-state: no snapshot is ever "in" it, so it could never count as visited.
  return getStateNodes(machine)
    .filter((node) => node.type !== 'history')
    .map((node) => ({ id: node.id, node }));
}

export function listTransitions(machine: AnyStateMachine): ModelTransition[] {
  const flatten = (graph: DirectedGraphNode): DirectedGraphEdge[] => [
    ...graph.edges,
    ...graph.children.flatMap(flatten),
  ];
  return flatten(toDirectedGraph(machine)).map((edge) => ({
    id: edge.id,
    label: `${edge.source.id} --${edge.label.text}--> ${edge.target.id}`,
    source: edge.source.id,
    target: edge.target.id,
    event: edge.label.text,
    edge,
  }));
}

type AnySnapshot = AnyMachineSnapshot;
type AnyPath = StatePath<AnySnapshot, EventObject>;
type AnyTraversal = TraversalOptions<AnySnapshot, EventObject, unknown>;

function resolveTraversal(traversal: ModelTraversal<AnyStateMachine>): AnyTraversal {
  const { extraEvents, ...options } = traversal;
  const samples = (extraEvents ?? []) as readonly EventObject[];
  // Reproduces @xstate/graph's own default discovery (the same xstate helper), then swaps in the samples.
  const events = (snapshot: AnySnapshot): EventObject[] =>
    (__unsafe_getAllOwnEventDescriptors(snapshot) as string[]).flatMap((type) => {
      const matching = samples.filter((event) => event.type === type);
      return matching.length > 0 ? matching : [{ type }];
    });
  return { ...(options as AnyTraversal), events };
}

export function generatePaths<M extends AnyStateMachine>(
  machine: M,
  traversal: ModelTraversal<M> = {},
): MachinePaths<M> {
  // @xstate/graph's generics do not survive a generic machine type; work on the erased type, re-type the result.
  return generateAnyPaths(machine, traversal as ModelTraversal<AnyStateMachine>) as MachinePaths<M>;
}

function generateAnyPaths(
  machine: AnyStateMachine,
  traversal: ModelTraversal<AnyStateMachine>,
): MachinePaths<AnyStateMachine> {
  const options = resolveTraversal(traversal);
  const shortest = getShortestPaths(machine, options) as AnyPath[];
  const simple = getSimplePaths(machine, options) as AnyPath[];

  const serialize = (snapshot: AnySnapshot): string =>
    options.serializeState ? options.serializeState(snapshot, undefined) : serializeSnapshot(snapshot);
  const shortestTo = new Map(shortest.map((path) => [serialize(path.state), path]));
  const adjacency = getAdjacencyMap<AnySnapshot, EventObject, unknown>(machine, options);
  const sources = Object.values(adjacency) as AdjacencyValue<AnySnapshot, EventObject>[];
  const transitions = sources.flatMap(({ state, transitions: edges }): AnyPath[] => {
    const head = shortestTo.get(serialize(state));
    if (!head) {
      throw new Error(`${machine.id}: no shortest path reaches ${serialize(state)}`);
    }
    const taken = Object.values(edges) as { event: EventObject; state: AnySnapshot }[];
    return taken.map(({ event, state: next }) => ({
      state: next,
      steps: [...head.steps, { event, state: next }],
      weight: head.weight + 1,
    }));
  });

  // A sample whose type no reachable state accepts is never sent; that is almost always a typo.
  const samples = (traversal.extraEvents ?? []) as readonly EventObject[];
  const unused = samples.filter((sample) => !transitions.some((path) => path.steps.at(-1)?.event === sample));
  if (unused.length > 0) {
    throw new Error(
      `${machine.id}: extra events never sent (no reachable state accepts them): ${unused.map((e) => e.type).join(', ')}`,
    );
  }
  return { shortest, simple, transitions } as MachinePaths<AnyStateMachine>;
}

export function allPaths<M extends AnyStateMachine>(paths: MachinePaths<M>): ModelPath<M>[] {
  return [...paths.shortest, ...paths.simple, ...paths.transitions];
}

export function computeCoverage<M extends AnyStateMachine>(
  machine: M,
  paths: readonly ModelPath<M>[],
): Coverage {
  const states = listStates(machine);
  const transitions = listTransitions(machine);
  const edgesOf = new Map<AnyTransitionDefinition, ModelTransition[]>();
  for (const transition of transitions) {
    const definition = transition.edge.transition;
    edgesOf.set(definition, [...(edgesOf.get(definition) ?? []), transition]);
  }

  const visited = new Set<string>();
  const taken = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, index) => {
      for (const node of (step.state as AnyMachineSnapshot)._nodes) visited.add(node.id);
      const before = path.steps[index - 1]?.state;
      if (!before) return;
      // Which definition fired is asked of xstate, not inferred from source/target, so two transitions between
      // the same pair of states are told apart.
      for (const definition of machine.getTransitionData(before, step.event)) {
        const edges = edgesOf.get(definition);
        if (!edges) {
          throw new Error(
            `${machine.id}: ${definition.source.id} on ${definition.eventType} fired but toDirectedGraph does not list it`,
          );
        }
        for (const edge of edges) taken.add(edge.id);
      }
    });
  }

  return {
    states: count(
      states.map((s) => s.id),
      states.map((s) => s.id),
      visited,
    ),
    transitions: count(
      transitions.map((t) => t.id),
      transitions.map((t) => t.label),
      taken,
    ),
  };
}

function count(ids: string[], labels: string[], hit: ReadonlySet<string>): CoverageCount {
  const covered: string[] = [];
  const uncovered: string[] = [];
  ids.forEach((id, index) => (hit.has(id) ? covered : uncovered).push(labels[index] ?? id));
  return { total: ids.length, covered, uncovered };
}

export function analyzeMachine<M extends AnyStateMachine>(
  machine: M,
  traversal: ModelTraversal<M> = {},
): MachineAnalysis<M> {
  const paths = generatePaths(machine, traversal);
  return {
    states: listStates(machine),
    transitions: listTransitions(machine),
    paths,
    coverage: computeCoverage(machine, allPaths(paths)),
  };
}

export function isFullyCovered(coverage: Coverage): boolean {
  return coverage.states.uncovered.length === 0 && coverage.transitions.uncovered.length === 0;
}

export function formatCoverage(name: string, coverage: Coverage): string {
  const { states, transitions } = coverage;
  return `${name}: states ${states.covered.length}/${states.total}, transitions ${transitions.covered.length}/${transitions.total}`;
}

export function describePath(path: StatePath<AnyMachineSnapshot, EventObject>): string {
  return path.steps
    .map(
      (step, index) => `${index === 0 ? '' : `--${step.event.type}--> `}${JSON.stringify(step.state.value)}`,
    )
    .join(' ');
}
