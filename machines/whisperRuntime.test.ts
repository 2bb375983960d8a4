import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  crashLoopLimit,
  topLevelState,
  type WhisperRuntimeEvent,
  whisperRuntimeMachine,
} from './whisperRuntime.ts';

type Effect = 'spawnProcess' | 'watchReadiness' | 'terminateProcess' | 'killProcess';

/** A runtime actor on a simulated clock that records every effect it asks for. */
function runtime(delays: Partial<Record<string, number>> = {}) {
  const clock = new SimulatedClock();
  const effects: Effect[] = [];
  const record = (effect: Effect) => () => void effects.push(effect);
  const machine = whisperRuntimeMachine.provide({
    actions: {
      spawnProcess: record('spawnProcess'),
      watchReadiness: record('watchReadiness'),
      terminateProcess: record('terminateProcess'),
      killProcess: record('killProcess'),
    },
    delays: delays,
  });
  const actor = createActor(machine, { clock }).start();
  return {
    actor,
    clock,
    effects,
    send: (...events: WhisperRuntimeEvent['type'][]) => {
      for (const type of events) actor.send({ type });
    },
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

function running() {
  const subject = runtime();
  subject.send('PREPARED', 'START', 'READY');
  expect(subject.state()).toBe('running');
  subject.effects.length = 0;
  return subject;
}

describe('whisperRuntime machine: start', () => {
  it('is unprepared until the binary and model are in place, and ignores START before that', () => {
    const { send, state, effects } = runtime();
    expect(state()).toBe('unprepared');
    send('START');
    expect(state()).toBe('unprepared');
    send('PREPARED');
    expect(state()).toBe('prepared');
    expect(effects).toEqual([]);
  });

  it('spawns and watches readiness on START, and runs once ready', () => {
    const { send, state, effects } = runtime();
    send('PREPARED', 'START');
    expect(state()).toBe('starting');
    expect(effects).toEqual(['spawnProcess', 'watchReadiness']);
    send('READY');
    expect(state()).toBe('running');
  });

  it('spawns once however many START events arrive while starting or running', () => {
    const { send, effects } = runtime();
    send('PREPARED', 'START', 'START', 'READY', 'START');
    expect(effects.filter((effect) => effect === 'spawnProcess')).toHaveLength(1);
  });

  it('goes back to unprepared when a file goes missing', () => {
    const { send, state } = runtime();
    send('PREPARED', 'UNPREPARED');
    expect(state()).toBe('unprepared');
  });
});

describe('whisperRuntime machine: readiness', () => {
  it('waits exactly 20 s for readiness, then terminates the process and fails once it has exited', () => {
    const { send, state, clock, effects, context } = runtime();
    send('PREPARED', 'START');
    clock.increment(19_999);
    expect(state()).toBe('starting');
    clock.increment(1);
    expect(state()).toEqual({ stopping: 'terminating' });
    expect(effects.at(-1)).toBe('terminateProcess');
    expect(context().failure).toBe('readiness-timeout');
    send('EXITED');
    expect(state()).toBe('failed');
  });

  it('takes a shorter readinessTimeout from provide (as the supervisor tests do)', () => {
    const { send, state, clock } = runtime({ readinessTimeout: 300 });
    send('PREPARED', 'START');
    clock.increment(300);
    expect(state()).toEqual({ stopping: 'terminating' });
  });

  it('fails at once when the process exits before it is ready, without a kill', () => {
    const { send, state, effects, context } = runtime();
    send('PREPARED', 'START', 'EXITED');
    expect(state()).toBe('failed');
    expect(context().failure).toBe('exited-before-ready');
    expect(effects).toEqual(['spawnProcess', 'watchReadiness']);
  });

  it('ignores a READY that comes after the timeout gave up', () => {
    const { send, state, clock } = runtime();
    send('PREPARED', 'START');
    clock.increment(20_000);
    send('READY');
    expect(topLevelState(state())).toBe('stopping');
  });
});

describe('whisperRuntime machine: stop', () => {
  it('terminates, and is stopped only when the process has exited', () => {
    const { send, state, effects } = running();
    send('STOP');
    expect(state()).toEqual({ stopping: 'terminating' });
    expect(effects).toEqual(['terminateProcess']);
    send('STOP');
    expect(effects).toEqual(['terminateProcess']);
    send('EXITED');
    expect(state()).toBe('stopped');
  });

  it('escalates to a kill after the 5 s grace when the process ignores SIGTERM', () => {
    const { send, state, clock, effects } = running();
    send('STOP');
    clock.increment(4_999);
    expect(effects).toEqual(['terminateProcess']);
    clock.increment(1);
    expect(state()).toEqual({ stopping: 'killing' });
    expect(effects).toEqual(['terminateProcess', 'killProcess']);
    send('EXITED');
    expect(state()).toBe('stopped');
  });

  it('stops a start in progress the same way, and ends stopped, not failed', () => {
    const { send, state, context } = runtime();
    send('PREPARED', 'START', 'STOP', 'EXITED');
    expect(state()).toBe('stopped');
    expect(context().failure).toBeNull();
  });

  it('can start again after a stop, and after a failure (starting afresh)', () => {
    const subject = runtime();
    subject.send('PREPARED', 'START', 'EXITED');
    expect(subject.state()).toBe('failed');
    subject.send('START');
    expect(subject.state()).toBe('starting');
    expect(subject.context()).toEqual({ crashCount: 0, failure: null });
    subject.send('READY', 'STOP', 'EXITED', 'START');
    expect(subject.state()).toBe('starting');
  });
});

describe('whisperRuntime machine: crashes', () => {
  it('restarts after a crash with a 1 s backoff, then a 4 s backoff, and fails on the third crash', () => {
    const { send, state, clock, effects, context } = running();
    send('EXITED');
    expect(state()).toEqual({ restarting: 'afterFirstCrash' });
    clock.increment(999);
    expect(effects).toEqual([]);
    clock.increment(1);
    expect(state()).toBe('starting');
    expect(effects).toEqual(['spawnProcess', 'watchReadiness']);
    send('READY', 'EXITED');
    expect(state()).toEqual({ restarting: 'afterLaterCrash' });
    clock.increment(3_999);
    expect(topLevelState(state())).toBe('restarting');
    clock.increment(1);
    send('READY');
    expect(context().crashCount).toBe(2);
    send('EXITED');
    expect(state()).toBe('failed');
    expect(context()).toEqual({ crashCount: crashLoopLimit, failure: 'crash-loop' });
  });

  it('forgives crashes after running a whole minute without one', () => {
    const { send, state, clock, context } = running();
    send('EXITED');
    clock.increment(1_000);
    send('READY');
    clock.increment(59_999);
    expect(context().crashCount).toBe(1);
    clock.increment(1);
    expect(context().crashCount).toBe(0);
    send('EXITED');
    expect(state()).toEqual({ restarting: 'afterFirstCrash' });
  });

  it('stops without a kill while waiting to restart (there is no process)', () => {
    const { send, state, clock, effects } = running();
    send('EXITED', 'STOP');
    expect(state()).toBe('stopped');
    clock.increment(10_000);
    expect(effects).toEqual([]);
  });

  it('ignores an EXITED while waiting to restart, which can only be a stale report', () => {
    const { send, state } = running();
    send('EXITED', 'EXITED');
    expect(state()).toEqual({ restarting: 'afterFirstCrash' });
  });
});

describe('topLevelState', () => {
  it('names nested states by their parent and refuses unknown ones', () => {
    expect(topLevelState({ stopping: 'killing' })).toBe('stopping');
    expect(topLevelState('running')).toBe('running');
    expect(() => topLevelState('paused')).toThrow(/unknown state/);
  });
});
