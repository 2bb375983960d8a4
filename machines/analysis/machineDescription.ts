/**
 * A machine as the visualizer and `earshot inspect machines` show it, derived from its definition
 * (`describeMachine`). Types only, with no imports, so the browser UI can share them.
 */

export interface StateDescription {
  /** The state node's full id, e.g. `whisperRuntime.stopping.killing`. */
  id: string;
  /** Its key under its parent, e.g. `killing`. */
  key: string;
  /** The parent state's id; null for a top-level state. */
  parent: string | null;
  kind: 'atomic' | 'compound' | 'parallel' | 'final';
  /** The state its parent (or the machine) starts in. */
  initial: boolean;
  /** Named actions run on entry. */
  entry: string[];
  /** Named actors invoked while in the state. */
  invoke: string[];
}

export interface DelayDescription {
  /** The named delay, e.g. `readinessTimeout`; null for a number written in place. */
  name: string | null;
  /** Null when the delay is computed from the context (a growing backoff). */
  ms: number | null;
}

export interface TransitionDescription {
  /** Unique even when two guarded transitions share source, event and target. */
  id: string;
  source: string;
  target: string;
  /** The event type as xstate names it; delays are `xstate.after.<delay>.<state id>`. */
  event: string;
  /** What a person reads: `STOP`, `after 20 s`, `done: transcribeChunk`. */
  label: string;
  delay: DelayDescription | null;
  guard: string | null;
  actions: string[];
  /** Runs its actions without leaving the state (no target in the definition). */
  targetless: boolean;
}

export interface MachineDescription {
  name: string;
  summary: string;
  states: StateDescription[];
  transitions: TransitionDescription[];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Where each state and transition is drawn, in one coordinate space with the origin at the top left. */
export interface MachineLayout {
  width: number;
  height: number;
  states: Record<string, Box>;
  /** Each transition's route, and its label as laid out: the lines of text its box was sized for. */
  transitions: Record<string, { points: Point[]; label: Box; lines: string[] }>;
}

export interface MachineDrawing {
  description: MachineDescription;
  layout: MachineLayout;
}

export interface PathStepDescription {
  event: string;
  /** The ids of the states the machine is in after the event (a compound state and its child). */
  stateIds: string[];
  /** The transitions the event took (empty for `xstate.init`). */
  transitionIds: string[];
}

export interface CoverageFigures {
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
}

export interface MachinePathsDescription {
  machine: string;
  coverage: CoverageFigures;
  paths: { kind: 'shortest' | 'simple' | 'transition'; steps: PathStepDescription[] }[];
}
