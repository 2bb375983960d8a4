import { createActor, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { liveSessionMachine } from '../../machines/liveSession.ts';
import { whisperRuntimeMachine } from '../../machines/whisperRuntime.ts';
import { ActorInspection, type InspectionChange } from './actorInspection.ts';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('ActorInspection', () => {
  it('records each event with the transitions it took and where it left the actor', () => {
    const time = clock();
    const inspection = new ActorInspection({ now: time.now });
    const actor = createActor(liveSessionMachine, {
      id: 'session-1',
      inspect: inspection.observe({ machine: 'liveSession', label: 'Deepgram · Standup' }),
    }).start();
    time.advance(250);
    actor.send({ type: 'STREAM_READY' });
    time.advance(250);
    actor.send({ type: 'STOP' });

    const [summary] = inspection.actors();
    expect(summary).toMatchObject({
      id: 'liveSession:session-1',
      machine: 'liveSession',
      label: 'Deepgram · Standup',
      startedAt: 1_000,
      endedAt: null,
      status: 'active',
    });
    const steps = inspection.history('liveSession:session-1')?.steps ?? [];
    expect(steps.map((step) => [step.seq, step.event.type, step.value, step.at])).toEqual([
      [0, 'xstate.init', 'connecting', 1_000],
      [1, 'STREAM_READY', 'streaming', 1_250],
      [2, 'STOP', 'stopping', 1_500],
    ]);
    // The second of STREAM_READY's two guarded transitions in `connecting` (the first needs a stop first).
    expect(steps[1]?.transitionIds).toEqual(['liveSession.connecting:1:0']);
    expect(steps[2]?.stateIds).toEqual(['liveSession.stopping']);
    expect(steps[2]?.context).toEqual({ failedAttempts: 0, stopRequested: true, error: null });
  });

  it('names the transitions of nested states and delays the way the drawing does', () => {
    const inspection = new ActorInspection();
    const actor = createActor(whisperRuntimeMachine, {
      inspect: inspection.observe({ machine: 'whisperRuntime', id: 'whisper-cpp', label: 'runtime' }),
    }).start();
    actor.send({ type: 'PREPARED' });
    actor.send({ type: 'START' });
    actor.send({ type: 'STOP' });
    const last = inspection.history('whisperRuntime:whisper-cpp')?.steps.at(-1);
    expect(last?.stateIds).toEqual(['whisperRuntime.stopping', 'whisperRuntime.stopping.terminating']);
    expect(last?.value).toEqual({ stopping: 'terminating' });
    expect(last?.transitionIds).toEqual(['whisperRuntime.starting:2:0']);
    actor.stop();
  });

  it('folds a run of events that change nothing but the context into one step', () => {
    const counter = setup({
      types: { events: {} as { type: 'AUDIO'; bytes: number } | { type: 'END' } },
    }).createMachine({
      id: 'counter',
      initial: 'open',
      context: { frames: 0 },
      states: {
        open: {
          on: {
            AUDIO: { actions: ({ context }) => void context.frames },
            END: 'closed',
          },
        },
        closed: { type: 'final' },
      },
    });
    const time = clock();
    const inspection = new ActorInspection({ now: time.now });
    const actor = createActor(counter, { inspect: inspection.observe({ machine: 'counter', label: 'c' }) });
    actor.start();
    for (let frame = 0; frame < 50; frame++) {
      time.advance(100);
      actor.send({ type: 'AUDIO', bytes: frame });
    }
    actor.send({ type: 'END' });
    const steps = inspection.history(inspection.actors()[0]?.id ?? '')?.steps ?? [];
    expect(steps.map((step) => [step.event.type, step.repeated])).toEqual([
      ['xstate.init', 1],
      ['AUDIO', 50],
      ['END', 1],
    ]);
    expect(steps[1]).toMatchObject({ firstAt: 1_100, at: 6_000, event: { type: 'AUDIO', bytes: 49 } });
  });

  it('keeps a bounded log and a bounded list of finished actors', () => {
    const inspection = new ActorInspection({ historyLimit: 3, finishedLimit: 2 });
    for (const id of ['a', 'b', 'c']) {
      const actor = createActor(liveSessionMachine, {
        id,
        inspect: inspection.observe({ machine: 'liveSession', label: id }),
      }).start();
      actor.send({ type: 'STREAM_READY' });
      actor.send({ type: 'STOP' });
      actor.send({ type: 'STREAM_FINISHED' });
    }
    expect(inspection.actors().map((actor) => [actor.id, actor.status])).toEqual([
      ['liveSession:c', 'done'],
      ['liveSession:b', 'done'],
    ]);
    expect(inspection.history('liveSession:a')).toBeUndefined();
    const history = inspection.history('liveSession:c');
    expect(history?.dropped).toBe(1);
    expect(history?.steps.map((step) => step.seq)).toEqual([1, 2, 3]);
  });

  it('tells apart two actors for one session (a resumed recording)', () => {
    const inspection = new ActorInspection();
    for (let run = 0; run < 2; run++) {
      createActor(liveSessionMachine, {
        id: 'same',
        inspect: inspection.observe({ machine: 'liveSession', label: 'run' }),
      }).start();
    }
    expect(inspection.actors().map((actor) => actor.id)).toEqual(['liveSession:same', 'liveSession:same#2']);
  });

  it('sends changes only to watchers, serialised, and an actor that is stopped ends', () => {
    const inspection = new ActorInspection();
    const changes: InspectionChange[] = [];
    const actor = createActor(liveSessionMachine, {
      id: 'watched',
      inspect: inspection.observe({ machine: 'liveSession', label: 'w' }),
    }).start();
    expect(inspection.watched).toBe(false);
    const stop = inspection.watch((change) => changes.push(change));
    actor.send({ type: 'STREAM_FAILED', permanent: false, message: 'dropped' });
    actor.stop();
    stop();
    expect(
      changes.map((change) => (change.type === 'step' ? change.step.event.type : change.actor.status)),
    ).toEqual(['STREAM_FAILED', 'xstate.stop', 'stopped']);
    expect(JSON.parse(JSON.stringify(changes)) as unknown).toEqual(changes);
    expect(inspection.actors()[0]).toMatchObject({
      status: 'stopped',
      endedAt: expect.any(Number) as unknown,
    });
  });
});
