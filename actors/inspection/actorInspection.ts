import type {
  AnyActorRef,
  AnyMachineSnapshot,
  AnyTransitionDefinition,
  EventObject,
  InspectionEvent,
} from 'xstate';
import { activeStateIds, transitionIds } from '../../machines/analysis/describeMachine.ts';
import type { InspectedActor, InspectionStep } from './inspectionRecords.ts';
import { inspectableValue } from './inspectableValue.ts';

/** Who an inspected actor is: its machine's catalog name, the domain id it runs for, a label for people. */
export interface ActorIdentity {
  machine: string;
  /** The session, job or connection id; default: the id the actor was created with. */
  id?: string;
  label: string;
}

export type InspectionChange =
  { type: 'actor'; actor: InspectedActor } | { type: 'step'; actorId: string; step: InspectionStep };

export interface ActorInspectionOptions {
  /** Steps kept per actor; older ones are dropped (and counted). */
  historyLimit?: number;
  /** Finished actors kept for stepping through; the oldest go first. */
  finishedLimit?: number;
  now?: () => number;
}

interface RecordedStep {
  seq: number;
  at: number;
  firstAt: number;
  repeated: number;
  event: EventObject;
  snapshot: AnyMachineSnapshot;
  transitions: AnyTransitionDefinition[];
}

interface ActorRecord {
  id: string;
  machine: string;
  label: string;
  startedAt: number;
  endedAt: number | null;
  steps: RecordedStep[];
  dropped: number;
}

/**
 * Every actor of the service that runs a machine, as the visualizer and `earshot inspect` see it.
 * Each actor is created with `observe(identity)` as its xstate `inspect` callback; its steps (each
 * processed event, the transitions it took, the snapshot after) are kept in a bounded log, by
 * reference and unserialised, so a running service pays a few object pushes per event. Turning
 * steps into JSON, with long values cut and secrets hidden, happens only for someone who watches
 * or asks for a history.
 */
export class ActorInspection {
  private readonly historyLimit: number;
  private readonly finishedLimit: number;
  private readonly now: () => number;
  private readonly running = new Map<string, ActorRecord>();
  private readonly finished: ActorRecord[] = [];
  private readonly watchers = new Set<(change: InspectionChange) => void>();
  private readonly usedIds = new Map<string, number>();

  constructor(options: ActorInspectionOptions = {}) {
    this.historyLimit = options.historyLimit ?? 1000;
    this.finishedLimit = options.finishedLimit ?? 50;
    this.now = options.now ?? Date.now;
  }

  /** The `inspect` callback for one new actor. */
  observe(identity: ActorIdentity): (event: InspectionEvent) => void {
    let record: ActorRecord | undefined;
    let pending: AnyTransitionDefinition[] = [];
    return (event) => {
      // Children (invoked effects) report through the same callback; only the machine itself is the actor.
      if (event.actorRef.sessionId !== event.rootId) return;
      // Registered at its first event, when the actor's own id (its session's or job's) is known.
      record ??= this.register(
        identity.machine,
        identity.id ?? (event.actorRef as AnyActorRef).id,
        identity.label,
      );
      if (event.type === '@xstate.microstep') pending.push(...event._transitions);
      if (event.type !== '@xstate.snapshot') return;
      const taken = pending;
      pending = [];
      this.record(record, event.event, event.snapshot as AnyMachineSnapshot, taken);
    };
  }

  get watched(): boolean {
    return this.watchers.size > 0;
  }

  /** Running actors first (oldest first), then finished ones (most recent first). */
  actors(): InspectedActor[] {
    return [...this.running.values(), ...[...this.finished].reverse()]
      .filter((record) => record.steps.length > 0)
      .map((record) => this.summary(record));
  }

  history(actorId: string): { steps: InspectionStep[]; dropped: number } | undefined {
    const record = this.running.get(actorId) ?? this.finished.find((candidate) => candidate.id === actorId);
    if (record === undefined) return undefined;
    return { steps: record.steps.map(toInspectionStep), dropped: record.dropped };
  }

  /** Calls `watcher` with every actor that starts or ends and every step; returns the way to stop. */
  watch(watcher: (change: InspectionChange) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private register(machine: string, id: string, label: string): ActorRecord {
    // A session resumed after an interruption runs a second actor for the same session id.
    const base = `${machine}:${id}`;
    const count = (this.usedIds.get(base) ?? 0) + 1;
    this.usedIds.set(base, count);
    const record: ActorRecord = {
      id: count === 1 ? base : `${base}#${count}`,
      machine,
      label,
      startedAt: this.now(),
      endedAt: null,
      steps: [],
      dropped: 0,
    };
    this.running.set(record.id, record);
    return record;
  }

  private record(
    record: ActorRecord,
    event: EventObject,
    snapshot: AnyMachineSnapshot,
    transitions: AnyTransitionDefinition[],
  ): void {
    const at = this.now();
    const last = record.steps.at(-1);
    const starting = last === undefined;
    if (last !== undefined && isRepeat(last, event, snapshot, transitions)) {
      last.repeated++;
      last.at = at;
      last.event = event;
      last.snapshot = snapshot;
      this.notify(() => ({ type: 'step', actorId: record.id, step: toInspectionStep(last) }));
    } else {
      const step: RecordedStep = {
        seq: record.dropped + record.steps.length,
        at,
        firstAt: at,
        repeated: 1,
        event,
        snapshot,
        transitions,
      };
      record.steps.push(step);
      if (record.steps.length > this.historyLimit) {
        record.steps.shift();
        record.dropped++;
      }
      if (starting) this.notify(() => ({ type: 'actor', actor: this.summary(record) }));
      this.notify(() => ({ type: 'step', actorId: record.id, step: toInspectionStep(step) }));
    }
    if (snapshot.status !== 'active' && record.endedAt === null) this.end(record, at);
  }

  private end(record: ActorRecord, at: number): void {
    record.endedAt = at;
    this.running.delete(record.id);
    this.finished.push(record);
    if (this.finished.length > this.finishedLimit) this.finished.shift();
    this.notify(() => ({ type: 'actor', actor: this.summary(record) }));
  }

  private notify(change: () => InspectionChange): void {
    if (this.watchers.size === 0) return;
    const message = change();
    for (const watcher of this.watchers) watcher(message);
  }

  private summary(record: ActorRecord): InspectedActor {
    const last = record.steps.at(-1);
    if (last === undefined) throw new Error(`inspection: actor ${record.id} has no step yet`);
    return {
      id: record.id,
      machine: record.machine,
      label: record.label,
      startedAt: record.startedAt,
      endedAt: record.endedAt,
      status: last.snapshot.status,
      current: toInspectionStep(last),
    };
  }
}

/**
 * Audio frames and progress reports arrive many times a second and change nothing but a number in
 * the context; one step stands for a run of them, so the log keeps what happened rather than noise.
 */
function isRepeat(
  last: RecordedStep,
  event: EventObject,
  snapshot: AnyMachineSnapshot,
  transitions: AnyTransitionDefinition[],
): boolean {
  return (
    last.event.type === event.type &&
    snapshot.status === 'active' &&
    last.transitions.every((transition) => transition.target === undefined) &&
    transitions.every((transition) => transition.target === undefined) &&
    sameValue(last.snapshot.value, snapshot.value)
  );
}

function sameValue(before: unknown, after: unknown): boolean {
  // Most states are plain names; only nested states need the deeper comparison.
  if (typeof before === 'string' || typeof after === 'string') return before === after;
  return JSON.stringify(before) === JSON.stringify(after);
}

function toInspectionStep(step: RecordedStep): InspectionStep {
  return {
    seq: step.seq,
    at: step.at,
    firstAt: step.firstAt,
    repeated: step.repeated,
    event: { ...(inspectableValue(step.event) as Record<string, unknown>), type: step.event.type },
    value: step.snapshot.value,
    stateIds: activeStateIds(step.snapshot),
    transitionIds: step.transitions.flatMap(transitionIds),
    context: inspectableValue(step.snapshot.context),
  };
}
