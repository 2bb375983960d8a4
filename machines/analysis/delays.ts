import { getStateNodes } from '@xstate/graph';
import type { AnyStateMachine, EventObject } from 'xstate';

/** Maps each `xstate.after.<delay>.<stateNodeId>` event type to its delay as written in the machine. */
export function delayedEvents(machine: AnyStateMachine): Map<string, unknown> {
  const delays = new Map<string, unknown>();
  for (const node of [machine.root, ...getStateNodes(machine)]) {
    for (const after of node.after) delays.set(String(after.eventType), after.delay);
  }
  return delays;
}

/**
 * A delay in milliseconds: a number as written, or a named delay the machine gives a number for.
 * A named delay computed from the state being left needs that state's context and the event that
 * entered it; without them (`entered` undefined) it has no fixed length and the answer is undefined.
 */
export function delayMs(
  machine: AnyStateMachine,
  delay: unknown,
  entered?: { context: unknown; event: EventObject },
): number | undefined {
  if (typeof delay === 'number') return delay;
  if (typeof delay !== 'string') return undefined;
  const named: unknown = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof named === 'number') return named;
  if (typeof named === 'function' && entered !== undefined) {
    const computed: unknown = (named as (args: { context: unknown; event: EventObject }) => unknown)(entered);
    if (typeof computed === 'number') return computed;
  }
  return undefined;
}
