/** One actor of the service, running or recently finished, as the visualizer lists it. */
export interface InspectedActor {
  /** `<machine>:<the domain id>` (session, job, connection). */
  id: string;
  /** The machine's name in the catalog. */
  machine: string;
  /** What a person recognises it by: provider and title, file name, port. */
  label: string;
  /** Epoch milliseconds. */
  startedAt: number;
  endedAt: number | null;
  status: 'active' | 'done' | 'stopped' | 'error';
  /** The latest step: where the actor is now. */
  current: InspectionStep;
}

/**
 * One processed event and where it left the actor. Consecutive events of one type that change no
 * state (audio frames, progress) are folded into one step: `repeated` counts them, `at` is the last.
 */
export interface InspectionStep {
  /** From 0, per actor. */
  seq: number;
  /** Epoch milliseconds of the event (the last one, when folded). */
  at: number;
  firstAt: number;
  repeated: number;
  /** The event with its payload, shortened (long text, big arrays) and with secrets removed. */
  event: { type: string } & Record<string, unknown>;
  /** The snapshot's value, e.g. `"running"` or `{ "stopping": "killing" }`. */
  value: unknown;
  /** The ids of the states the actor is in. */
  stateIds: string[];
  /** The transitions the event took; empty when it changed nothing. */
  transitionIds: string[];
  /** The context after the event, shortened and with secrets removed. */
  context: unknown;
}
