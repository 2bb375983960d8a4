import { setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { SESSION_STATUSES, nextSessionStatus, sessionStatusMachine } from '../../machines/sessionStatus.ts';
import type { SessionStatus, SessionStatusEvent } from '../../machines/sessionStatus.ts';
import {
  allPaths,
  analyzeMachine,
  computeCoverage,
  describePath,
  formatCoverage,
  generatePaths,
  listTransitions,
} from '../../machines/analysis/modelPaths.ts';
import type { MachinePaths, ModelPath } from '../../machines/analysis/modelPaths.ts';
import { analyzeEntry, catalogEntry } from '../../machines/catalog.ts';
import { replayPath } from './replayPath.ts';

type SessionPath = ModelPath<typeof sessionStatusMachine>;

const entry = catalogEntry('sessionStatus');
const { paths, coverage } = analyzeEntry(entry);
const sessionPaths = paths as unknown as MachinePaths<typeof sessionStatusMachine>;
const named = (list: SessionPath[]) => list.map((path) => [describePath(path), path] as const);

describe('sessionStatus: generated paths', () => {
  it('registers the real machine', () => {
    expect(entry.machine).toBe(sessionStatusMachine);
  });

  it('generates a shortest path to each status and one path per transition', () => {
    const ends = (list: SessionPath[]) => [...new Set(list.map((p) => p.state.value))].sort();
    expect(ends(sessionPaths.shortest)).toEqual([...SESSION_STATUSES].sort());
    expect(ends(sessionPaths.simple)).toEqual([...SESSION_STATUSES].sort());
    expect(sessionPaths.transitions).toHaveLength(6);
  });

  // FAIL must be generated with its payload, or the paths would not be valid SessionStatusEvents.
  it('sends FAIL with a reason', () => {
    const fails = allPaths(sessionPaths)
      .flatMap((path) => path.steps)
      .filter((step) => step.event.type === 'FAIL');
    expect(fails.length).toBeGreaterThan(0);
    for (const step of fails) expect(step.event).toEqual({ type: 'FAIL', reason: 'model-based path' });
  });

  for (const kind of ['shortest', 'simple', 'transitions'] as const) {
    describe(`${kind} paths`, () => {
      it.each(named(sessionPaths[kind]))('actor replays %s', (_, path) => {
        replayPath(sessionStatusMachine, path);
      });

      it.each(named(sessionPaths[kind]))('nextSessionStatus agrees on %s', (_, path) => {
        const [first, ...rest] = path.steps;
        let status = first?.state.value as SessionStatus;
        expect(status).toBe('recording');
        for (const step of rest) {
          const result = nextSessionStatus(status, step.event);
          expect(result).toEqual({ ok: true, status: step.state.value });
          if (result.ok) status = result.status;
        }
      });
    });
  }
});

describe('sessionStatus: coverage', () => {
  it('covers every state and every transition', () => {
    expect(coverage.states.uncovered).toEqual([]);
    expect(coverage.transitions.uncovered).toEqual([]);
    expect(formatCoverage('sessionStatus', coverage)).toBe('sessionStatus: states 3/3, transitions 6/6');
  });

  it('lists the transitions of the specification', () => {
    const short = (id: string) => id.replace(/sessionStatus\./g, '');
    expect(listTransitions(sessionStatusMachine).map((t) => short(t.label))).toEqual([
      'recording --STOP--> completed',
      'recording --FAIL--> interrupted',
      'recording --QUIT--> interrupted',
      'recording --RECOVER--> interrupted',
      'interrupted --RESUME--> recording',
      'interrupted --FINALIZE--> completed',
    ]);
  });
});

// The checks above only mean something if the harness can say no; these show that it does.
describe('model-based harness: it can fail', () => {
  it('shortest and simple paths alone miss the transition back to recording', () => {
    const partial = computeCoverage(sessionStatusMachine, [...sessionPaths.shortest, ...sessionPaths.simple]);
    expect(partial.transitions.uncovered).toEqual([
      'sessionStatus.interrupted --RESUME--> sessionStatus.recording',
    ]);
  });

  it('counts only the states a path set visits', () => {
    const toInterrupted = sessionPaths.shortest.filter((p) => p.state.value === 'interrupted');
    expect(formatCoverage('x', computeCoverage(sessionStatusMachine, toInterrupted))).toBe(
      'x: states 2/3, transitions 1/6',
    );
  });

  it('rejects a replay against a machine that disagrees with the path', () => {
    const mutant = setup({ types: { events: {} as SessionStatusEvent } }).createMachine({
      id: 'sessionStatus',
      initial: 'recording',
      states: {
        recording: {
          on: { STOP: 'completed', FAIL: 'interrupted', QUIT: 'interrupted', RECOVER: 'interrupted' },
        },
        interrupted: { on: { RESUME: 'completed', FINALIZE: 'completed' } },
        completed: { type: 'final' },
      },
    });
    const resume = sessionPaths.transitions.find((p) => p.steps.at(-1)?.event.type === 'RESUME');
    expect(resume).toBeDefined();
    expect(() => replayPath(mutant, resume as never)).toThrow(/path expects "recording"/);
  });

  it('refuses an extra event that no state accepts', () => {
    expect(() => generatePaths(sessionStatusMachine, { extraEvents: [{ type: 'FINISH' } as never] })).toThrow(
      /extra events never sent.*FINISH/,
    );
  });
});

// No registered machine has a delayed transition yet; this stands in for the P14 runtime's 20 s readiness wait.
describe('model-based harness: delayed transitions', () => {
  const lifecycle = setup({
    types: { events: {} as { type: 'START' } | { type: 'READY' } | { type: 'STOP' } },
    delays: { retryBackoff: 5_000 },
  }).createMachine({
    id: 'lifecycle',
    initial: 'idle',
    states: {
      idle: { on: { START: 'starting' } },
      starting: { on: { READY: 'ready', STOP: 'idle' }, after: { 20_000: 'failed' } },
      ready: { on: { STOP: 'idle' } },
      failed: { on: { STOP: 'idle' }, after: { retryBackoff: 'starting' } },
    },
  });
  const analysis = analyzeMachine(lifecycle);

  it('lists and covers the delayed transitions as xstate.after edges', () => {
    expect(analysis.transitions.map((t) => t.event)).toEqual(
      expect.arrayContaining([
        'xstate.after.20000.lifecycle.starting',
        'xstate.after.retryBackoff.lifecycle.failed',
      ]),
    );
    expect(formatCoverage('lifecycle', analysis.coverage)).toBe('lifecycle: states 4/4, transitions 7/7');
  });

  it.each(named(allPaths(analysis.paths) as never))('actor replays %s on a simulated clock', (_, path) => {
    replayPath(lifecycle, path as never);
  });

  const pathEndingWith = (type: string) => {
    const found = analysis.paths.transitions.find((p) => p.steps.at(-1)?.event.type === type);
    expect(found).toBeDefined();
    return found as never;
  };

  it('fails when the machine waits longer than the model', () => {
    const slower = lifecycle.provide({ delays: { retryBackoff: 60_000 } });
    const retry = pathEndingWith('xstate.after.retryBackoff.lifecycle.failed');
    expect(() => replayPath(slower, retry)).toThrow(/path expects "starting"/);
  });

  it('fails when the machine fires before the model says', () => {
    const faster = lifecycle.provide({ delays: { retryBackoff: 1_000 } });
    const retry = pathEndingWith('xstate.after.retryBackoff.lifecycle.failed');
    expect(() => replayPath(faster, retry)).toThrow(/fired before 5000 ms/);
  });

  it('fails when a numeric delay differs from the model', () => {
    const slow = setup({ types: { events: {} as { type: 'START' } } }).createMachine({
      id: 'lifecycle',
      initial: 'idle',
      states: {
        idle: { on: { START: 'starting' } },
        starting: { after: { 30_000: 'failed' } },
        failed: {},
      },
    });
    const timeout = pathEndingWith('xstate.after.20000.lifecycle.starting');
    expect(() => replayPath(slow, timeout)).toThrow(/path expects "failed"/);
  });
});
