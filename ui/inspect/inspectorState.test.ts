import { describe, expect, it } from 'vitest';
import type { MachineDrawing } from '../../machines/analysis/machineDescription.ts';
import type { InspectedActor, InspectionStep } from '../../api/appChannel/appProtocol.ts';
import {
  groupActors,
  initialInspectorState,
  type InspectorAction,
  inspectorReducer,
  type InspectorState,
  withStep,
} from './inspectorState.ts';

function step(seq: number, stateId: string, repeated = 1): InspectionStep {
  return {
    seq,
    at: 1000 + seq,
    firstAt: 1000 + seq,
    repeated,
    event: { type: seq === 0 ? 'xstate.init' : 'AUDIO' },
    value: stateId,
    stateIds: [`liveSession.${stateId}`],
    transitionIds: [],
    context: { seq },
  };
}

function actor(id: string, machine: string, current: InspectionStep, endedAt: number | null = null) {
  return {
    id,
    machine,
    label: id,
    startedAt: 100,
    endedAt,
    status: endedAt === null ? 'active' : 'done',
    current,
  } satisfies InspectedActor;
}

function drawing(name: string): MachineDrawing {
  return {
    description: { name, summary: `${name} summary`, states: [], transitions: [] },
    layout: { width: 10, height: 10, states: {}, transitions: {} },
  };
}

function run(...actions: InspectorAction[]): InspectorState {
  return actions.reduce(inspectorReducer, initialInspectorState);
}

const snapshot: InspectorAction = {
  type: 'inspect.snapshot',
  machines: [drawing('fileJob'), drawing('liveSession')],
  actors: [actor('liveSession:a', 'liveSession', step(3, 'streaming'))],
};

describe('the Inspector state', () => {
  it('takes the machines and actors of a snapshot, each actor starting from its current step', () => {
    const state = run(snapshot);
    expect(state.ready).toBe(true);
    expect(state.generation).toBe(1);
    expect(state.machines.map((machine) => machine.description.name)).toEqual(['fileJob', 'liveSession']);
    expect(state.actors['liveSession:a']).toMatchObject({ historyLoaded: false, dropped: 0 });
    expect(state.actors['liveSession:a']?.steps.map((known) => known.seq)).toEqual([3]);
  });

  it('starts over on a new snapshot (a reconnect): actors gone are gone, histories must be asked again', () => {
    const state = run(
      snapshot,
      { type: 'inspect.history', actorId: 'liveSession:a', steps: [step(0, 'connecting')], dropped: 0 },
      {
        type: 'inspect.snapshot',
        machines: [drawing('liveSession')],
        actors: [actor('liveSession:a', 'liveSession', step(5, 'stopping'))],
      },
    );
    expect(state.generation).toBe(2);
    expect(state.actors['liveSession:a']).toMatchObject({ historyLoaded: false });
    expect(state.actors['liveSession:a']?.steps.map((known) => known.seq)).toEqual([5]);
  });

  it('adds an actor that starts and keeps its steps when it ends', () => {
    const started = run(snapshot, {
      type: 'inspect.actor',
      actor: actor('fileJob:j', 'fileJob', step(0, 'decoding')),
    });
    expect(Object.keys(started.actors)).toEqual(['liveSession:a', 'fileJob:j']);
    const stepped = inspectorReducer(started, {
      type: 'inspect.step',
      actorId: 'fileJob:j',
      step: step(1, 'uploading'),
    });
    const ended = inspectorReducer(stepped, {
      type: 'inspect.actor',
      actor: actor('fileJob:j', 'fileJob', step(2, 'done'), 5000),
    });
    expect(ended.actors['fileJob:j']?.actor.endedAt).toBe(5000);
    expect(ended.actors['fileJob:j']?.steps.map((known) => known.seq)).toEqual([0, 1, 2]);
  });

  it('appends a step and makes it the current one', () => {
    const state = run(snapshot, {
      type: 'inspect.step',
      actorId: 'liveSession:a',
      step: step(4, 'stopping'),
    });
    const record = state.actors['liveSession:a'];
    expect(record?.steps.map((known) => known.seq)).toEqual([3, 4]);
    expect(record?.actor.current.seq).toBe(4);
  });

  it('replaces a step with the same seq (a folded repeat counted further)', () => {
    const state = run(
      snapshot,
      { type: 'inspect.step', actorId: 'liveSession:a', step: step(4, 'streaming', 2) },
      { type: 'inspect.step', actorId: 'liveSession:a', step: step(4, 'streaming', 7) },
    );
    const record = state.actors['liveSession:a'];
    expect(record?.steps.map((known) => [known.seq, known.repeated])).toEqual([
      [3, 1],
      [4, 7],
    ]);
    expect(record?.actor.current.repeated).toBe(7);
  });

  it('ignores a step of an actor it does not know', () => {
    const before = run(snapshot);
    expect(inspectorReducer(before, { type: 'inspect.step', actorId: 'x', step: step(1, 'a') })).toBe(before);
  });

  it('merges a history with the streamed steps: in seq order, one per seq, the most repeats kept', () => {
    const state = run(
      snapshot,
      { type: 'inspect.step', actorId: 'liveSession:a', step: step(4, 'streaming', 9) },
      {
        type: 'inspect.history',
        actorId: 'liveSession:a',
        steps: [step(2, 'connecting'), step(3, 'streaming'), step(4, 'streaming', 5)],
        dropped: 2,
      },
    );
    const record = state.actors['liveSession:a'];
    expect(record?.steps.map((known) => [known.seq, known.repeated])).toEqual([
      [2, 1],
      [3, 1],
      [4, 9],
    ]);
    expect(record).toMatchObject({ historyLoaded: true, dropped: 2 });
  });

  it('keeps paths per machine and a refusal until it is dismissed', () => {
    const paths = {
      machine: 'fileJob',
      coverage: { states: { covered: 1, total: 1 }, transitions: { covered: 0, total: 0 } },
      paths: [],
    };
    const state = run(
      snapshot,
      { type: 'inspect.paths', paths },
      { type: 'inspect.refused', message: 'No machine named nope.' },
    );
    expect(state.paths['fileJob']).toBe(paths);
    expect(state.refusal).toBe('No machine named nope.');
    expect(inspectorReducer(state, { type: 'refusal.dismiss' }).refusal).toBeNull();
  });

  it('groups running actors by machine in catalog order, and lists finished ones latest first', () => {
    const state = run(
      snapshot,
      { type: 'inspect.actor', actor: actor('fileJob:1', 'fileJob', step(0, 'decoding')) },
      { type: 'inspect.actor', actor: actor('liveSession:old', 'liveSession', step(9, 'completed'), 2000) },
      { type: 'inspect.actor', actor: actor('fileJob:2', 'fileJob', step(9, 'done'), 3000) },
    );
    const groups = groupActors(state);
    expect(groups.running.map((group) => [group.machine, group.actors.map((known) => known.id)])).toEqual([
      ['fileJob', ['fileJob:1']],
      ['liveSession', ['liveSession:a']],
    ]);
    expect(groups.finished.map((known) => known.id)).toEqual(['fileJob:2', 'liveSession:old']);
  });
});

describe('withStep', () => {
  it('inserts a late step in seq order', () => {
    expect(withStep([step(1, 'a'), step(3, 'c')], step(2, 'b')).map((known) => known.seq)).toEqual([1, 2, 3]);
    expect(withStep([step(1, 'a')], step(0, 'z')).map((known) => known.seq)).toEqual([0, 1]);
    expect(withStep([], step(0, 'z')).map((known) => known.seq)).toEqual([0]);
  });

  it('keeps the step with more repeats when an older copy of it arrives', () => {
    const steps = withStep([step(1, 'a'), step(2, 'b', 8)], step(2, 'b', 3));
    expect(steps.map((known) => known.repeated)).toEqual([1, 8]);
  });
});
