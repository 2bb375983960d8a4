import { setTimeout as sleep } from 'node:timers/promises';
import { fromCallback, type EventObject } from 'xstate';

export type EffectWork<Input, Event extends EventObject> = (
  input: Input,
  signal: AbortSignal,
  send: (event: Event) => void,
) => Event | Promise<Event>;

/**
 * An invoked state's effect as a callback actor: `work` runs a tick after the state is entered (so
 * even a synchronous effect reports after it), its outcome is sent back unless the state was left
 * first, leaving the state aborts `signal`, and a throw becomes `onFailure(error)`. Each run is
 * added to `running` until it settles, so the owner can wait for cleanup to finish.
 */
export function invokedEffect<Input, Event extends EventObject>(
  work: EffectWork<Input, Event>,
  options: { onFailure: (error: unknown) => Event; running: Set<Promise<unknown>> },
) {
  return fromCallback<EventObject, Input>(({ input, sendBack }) => {
    const controller = new AbortController();
    const send = (event: Event) => {
      if (!controller.signal.aborted) sendBack(event);
    };
    const task = Promise.resolve()
      .then(() => {
        controller.signal.throwIfAborted();
        return work(input, controller.signal, send);
      })
      .then(send, (error: unknown) => send(options.onFailure(error)));
    options.running.add(task);
    void task.finally(() => options.running.delete(task));
    return () => controller.abort();
  });
}

/** Resolves once every task has settled, or after `limitMs`, whichever is first. */
export async function settleWithin(tasks: Iterable<Promise<unknown>>, limitMs: number): Promise<void> {
  const waiting = [...tasks];
  if (waiting.length === 0) return;
  const timer = new AbortController();
  await Promise.race([
    Promise.allSettled(waiting),
    sleep(limitMs, undefined, { signal: timer.signal }).catch(() => undefined),
  ]);
  timer.abort();
}
