import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import {
  SESSION_STATUS_EVENT_TYPES,
  SESSION_STATUSES,
  nextSessionStatus,
  sessionStatusMachine,
} from './sessionStatus.ts';
import type { SessionStatus, SessionStatusEvent, SessionStatusEventType } from './sessionStatus.ts';

const eventOf = (type: SessionStatusEventType): SessionStatusEvent =>
  type === 'FAIL' ? { type, reason: 'provider rejected the key' } : { type };

// The specification, written out independently of the machine so the two can be compared.
const VALID: ReadonlyArray<[SessionStatus, SessionStatusEventType, SessionStatus]> = [
  ['recording', 'STOP', 'completed'],
  ['recording', 'FAIL', 'interrupted'],
  ['recording', 'QUIT', 'interrupted'],
  ['recording', 'RECOVER', 'interrupted'],
  ['interrupted', 'RESUME', 'recording'],
  ['interrupted', 'FINALIZE', 'completed'],
];
const HINT: Record<SessionStatus, string> = {
  recording: 'use STOP, FAIL, QUIT or RECOVER.',
  interrupted: 'use RESUME or FINALIZE.',
  completed: 'a completed session accepts no status change.',
};
const INVALID = SESSION_STATUSES.flatMap((status) =>
  SESSION_STATUS_EVENT_TYPES.filter((type) => !VALID.some(([from, t]) => from === status && t === type)).map(
    (type): [SessionStatus, SessionStatusEventType] => [status, type],
  ),
);

function actorAt(status: SessionStatus) {
  return createActor(sessionStatusMachine, {
    snapshot: sessionStatusMachine.resolveState({ value: status }),
  }).start();
}

describe('sessionStatus machine', () => {
  it('has exactly the exported statuses as states and starts recording', () => {
    expect(Object.keys(sessionStatusMachine.root.states).sort()).toEqual([...SESSION_STATUSES].sort());
    expect(createActor(sessionStatusMachine).start().getSnapshot().value).toBe('recording');
  });

  it('handles exactly the exported event types', () => {
    const handled = Object.values(sessionStatusMachine.root.states).flatMap((node) => node.ownEvents);
    expect([...new Set(handled)].sort()).toEqual([...SESSION_STATUS_EVENT_TYPES].sort());
  });

  it('enumerates every (status, event) pair once', () => {
    expect(VALID.length + INVALID.length).toBe(SESSION_STATUSES.length * SESSION_STATUS_EVENT_TYPES.length);
    expect(INVALID).toHaveLength(12);
  });

  it.each(VALID)('%s --%s--> %s', (from, type, to) => {
    expect(nextSessionStatus(from, eventOf(type))).toEqual({ ok: true, status: to });
    const actor = actorAt(from);
    actor.send(eventOf(type));
    expect(actor.getSnapshot().value).toBe(to);
  });

  it.each(INVALID)('refuses %s on %s with a message naming what is allowed', (status, type) => {
    expect(nextSessionStatus(status, eventOf(type))).toEqual({
      ok: false,
      error: `Cannot ${type} a session that is ${status}; ${HINT[status]}`,
    });
    // The live actor ignores what the stored-status function refuses (a done actor is covered below).
    const actor = actorAt(status);
    expect(actor.getSnapshot().can(eventOf(type))).toBe(false);
    if (actor.getSnapshot().status === 'active') actor.send(eventOf(type));
    expect(actor.getSnapshot().value).toBe(status);
  });

  it('words the refusals as specified', () => {
    expect(nextSessionStatus('completed', { type: 'RESUME' })).toEqual({
      ok: false,
      error: 'Cannot RESUME a session that is completed; a completed session accepts no status change.',
    });
    expect(nextSessionStatus('interrupted', { type: 'STOP' })).toEqual({
      ok: false,
      error: 'Cannot STOP a session that is interrupted; use RESUME or FINALIZE.',
    });
  });

  it('refuses a stored status it does not know instead of throwing', () => {
    const result = nextSessionStatus('paused' as SessionStatus, { type: 'STOP' });
    expect(result).toEqual({
      ok: false,
      error: 'Unknown session status "paused"; expected one of recording, completed, interrupted.',
    });
  });

  it('does not depend on the failure reason', () => {
    expect(nextSessionStatus('recording', { type: 'FAIL', reason: '' })).toEqual({
      ok: true,
      status: 'interrupted',
    });
  });

  describe('completed is final', () => {
    it('is a final state node', () => {
      expect(sessionStatusMachine.root.states.completed?.type).toBe('final');
    });

    it.each([
      ['STOP', ['STOP']],
      ['FAIL then FINALIZE', ['FAIL', 'FINALIZE']],
    ] as const)('a live actor is done after %s and ignores every later event', (_, route) => {
      const actor = createActor(sessionStatusMachine).start();
      for (const type of route) actor.send(eventOf(type));
      expect(actor.getSnapshot().status).toBe('done');
      // xstate warns about each event sent to a finished actor; that warning is the refusal we expect.
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        for (const type of SESSION_STATUS_EVENT_TYPES) actor.send(eventOf(type));
        expect(warn).toHaveBeenCalledTimes(SESSION_STATUS_EVENT_TYPES.length);
      } finally {
        warn.mockRestore();
      }
      expect(actor.getSnapshot().value).toBe('completed');
    });

    it('refuses every event for a stored completed session', () => {
      for (const type of SESSION_STATUS_EVENT_TYPES) {
        expect(nextSessionStatus('completed', eventOf(type)).ok).toBe(false);
      }
    });
  });
});
