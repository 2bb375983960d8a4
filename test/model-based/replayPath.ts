import assert from 'node:assert/strict';
import type { StatePath } from '@xstate/graph';
import { createActor, SimulatedClock } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, InputFrom } from 'xstate';
import { delayedEvents, delayMs } from '../../machines/analysis/delays.ts';
import { describePath, type ModelPath } from '../../machines/analysis/modelPaths.ts';

type AnyPath = StatePath<AnyMachineSnapshot, EventObject>;

export interface ReplayOptions<M extends AnyStateMachine> {
  input?: InputFrom<M>;
}

/**
 * Runs `path` on a real actor with a simulated clock and asserts, after every step, that the actor is in the
 * state the path expects. Throws (node:assert) on the first mismatch, so it works in vitest and in plain scripts.
 *
 * A delayed step advances the clock by the delay in two moves, to 1 ms short and then onto it, and checks the
 * actor has not moved at the first: a timer that fires early fails as surely as one that never fires.
 */
export function replayPath<M extends AnyStateMachine>(
  machine: M,
  path: ModelPath<M>,
  options: ReplayOptions<M> = {},
): void {
  // Delays come from the machine the path was generated from: the path is the specification, so a machine
  // under test that provides a different named delay is caught instead of being trusted.
  const model = (path.state as AnyMachineSnapshot).machine ?? machine;
  const delays = delayedEvents(model);
  const clock = new SimulatedClock();
  const actor = createActor(machine as AnyStateMachine, {
    clock,
    ...(options.input === undefined ? {} : { input: options.input }),
  }).start();
  const where = describePath(path);
  const steps = path.steps as AnyPath['steps'];
  try {
    steps.forEach((step, index) => {
      const { type } = step.event;
      const delay = delays.get(type);
      if (delay !== undefined) {
        const before = steps[index - 1];
        const ms = delayMs(model, delay, before && { context: before.state.context, event: before.event });
        if (ms === undefined) {
          throw new Error(
            `${type}: only numeric delays, and named delays that give a number, can be replayed`,
          );
        }
        if (ms > 0) {
          clock.increment(ms - 1);
          const waiting: unknown = before?.state.value;
          assert.deepEqual(
            actor.getSnapshot().value,
            waiting,
            `step ${index} (${type}) fired before ${ms} ms: actor left ${JSON.stringify(waiting)} for ${JSON.stringify(actor.getSnapshot().value)}\n  path: ${where}`,
          );
        }
        clock.increment(Math.min(ms, 1));
      } else if (type !== 'xstate.init') {
        actor.send(step.event);
      }
      const snapshot = actor.getSnapshot();
      assert.notEqual(
        snapshot.status,
        'error',
        `step ${index} (${type}) put the actor in error: ${String(snapshot.error)}\n  path: ${where}`,
      );
      assert.deepEqual(
        snapshot.value,
        step.state.value,
        `step ${index} (${type}): actor is in ${JSON.stringify(snapshot.value)}, path expects ${JSON.stringify(step.state.value)}\n  path: ${where}`,
      );
    });
  } finally {
    actor.stop();
  }
}
