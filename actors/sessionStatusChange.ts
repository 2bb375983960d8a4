import { nextSessionStatus, type SessionStatusEvent } from '../machines/sessionStatus.ts';
import type { SessionRecord } from '../store/records.ts';
import type { SessionStore } from '../store/sessionStore.ts';
import { StoreError } from '../store/storeError.ts';

/**
 * Applies a status machine event to a stored session. The machine decides; a transition it does not
 * allow is refused with its message and changes nothing.
 */
export function changeSessionStatus(
  store: SessionStore,
  sessionId: string,
  event: SessionStatusEvent,
): SessionRecord {
  const session = store.getSession(sessionId);
  if (session === undefined) throw new StoreError('session_not_found', `There is no session ${sessionId}.`);
  const next = nextSessionStatus(session.status, event);
  if (!next.ok) throw new StoreError('invalid_state', next.error);
  return store.setSessionStatus(sessionId, next.status);
}
