import { nextSessionStatus } from '../machines/sessionStatus.ts';
import type { SessionStore } from '../store/sessionStore.ts';

/**
 * A session still `recording` when the service starts was cut off by a crash or a kill: nothing
 * records it now. The status machine's RECOVER moves it to `interrupted`, from where the user
 * resumes or finalizes it.
 */
export function recoverInterruptedSessions(store: SessionStore): string[] {
  const recovered: string[] = [];
  const { sessions } = store.listSessions({ status: 'recording', limit: Number.MAX_SAFE_INTEGER, offset: 0 });
  for (const session of sessions) {
    const next = nextSessionStatus(session.status, { type: 'RECOVER' });
    if (!next.ok) throw new Error(next.error);
    store.setSessionStatus(session.id, next.status);
    recovered.push(session.id);
  }
  return recovered;
}
