import { getNextTransitions, setup, transition } from 'xstate';

export const SESSION_STATUSES = ['recording', 'completed', 'interrupted'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export type SessionStatusEvent =
  | { type: 'STOP' }
  // The reason is carried for the caller to store on the session; the status itself does not depend on it.
  | { type: 'FAIL'; reason: string }
  | { type: 'QUIT' }
  | { type: 'RECOVER' }
  | { type: 'RESUME' }
  | { type: 'FINALIZE' };
export type SessionStatusEventType = SessionStatusEvent['type'];

// A record rather than an array literal so the compiler rejects a list that misses or invents an event type.
const EVENT_TYPES: Record<SessionStatusEventType, true> = {
  STOP: true,
  FAIL: true,
  QUIT: true,
  RECOVER: true,
  RESUME: true,
  FINALIZE: true,
};
export const SESSION_STATUS_EVENT_TYPES = Object.keys(EVENT_TYPES) as readonly SessionStatusEventType[];

// No context: a status is fully described by its state value, which is what lets `nextSessionStatus`
// rebuild a snapshot from a stored status alone and keeps the model's state space exactly the three statuses.
export const sessionStatusMachine = setup({
  types: {
    events: {} as SessionStatusEvent,
  },
}).createMachine({
  id: 'sessionStatus',
  initial: 'recording',
  states: {
    recording: {
      on: {
        STOP: 'completed',
        FAIL: 'interrupted',
        QUIT: 'interrupted',
        RECOVER: 'interrupted',
      },
    },
    interrupted: {
      on: {
        RESUME: 'recording',
        FINALIZE: 'completed',
      },
    },
    completed: {
      type: 'final',
    },
  },
});

export type SessionStatusResult = { ok: true; status: SessionStatus } | { ok: false; error: string };

export function isSessionStatus(value: unknown): value is SessionStatus {
  return (SESSION_STATUSES as readonly unknown[]).includes(value);
}

/**
 * The status a stored session moves to on `event`, or why it cannot.
 *
 * Answered by the machine itself (resolve a snapshot for `current`, ask it), so the rules for stored sessions
 * cannot drift from the rules the live actor follows.
 */
export function nextSessionStatus(current: SessionStatus, event: SessionStatusEvent): SessionStatusResult {
  // Stored data is typed only by convention; an unknown value would make resolveState throw.
  if (!isSessionStatus(current)) {
    return {
      ok: false,
      error: `Unknown session status "${String(current)}"; expected one of ${SESSION_STATUSES.join(', ')}.`,
    };
  }
  const snapshot = sessionStatusMachine.resolveState({ value: current });
  if (!snapshot.can(event)) {
    const allowed = [...new Set(getNextTransitions(snapshot).map((t) => String(t.eventType)))];
    const hint =
      allowed.length === 0 ? `a ${current} session accepts no status change` : `use ${orList(allowed)}`;
    return { ok: false, error: `Cannot ${String(event.type)} a session that is ${current}; ${hint}.` };
  }
  const [next] = transition(sessionStatusMachine, snapshot, event);
  const status: unknown = next.value;
  if (!isSessionStatus(status)) {
    throw new Error(`sessionStatus machine reached a value that is not a status: ${JSON.stringify(status)}`);
  }
  return { ok: true, status };
}

function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
