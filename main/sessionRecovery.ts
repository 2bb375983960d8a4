import { changeSessionStatus } from '../actors/sessionStatusChange.ts';
import type { SessionStore } from '../store/sessionStore.ts';

/**
 * A session still `recording` when the service starts was cut off by a crash or a kill: nothing
 * records it now. The status machine's RECOVER moves it to `interrupted`, from where the user
 * resumes or finalizes it. `resumed` are the sessions of file jobs that go on by themselves.
 */
export function recoverInterruptedSessions(
  store: SessionStore,
  resumed: ReadonlySet<string> = new Set(),
): string[] {
  const { sessions } = store.listSessions({ status: 'recording', limit: Number.MAX_SAFE_INTEGER, offset: 0 });
  return sessions
    .filter((session) => !resumed.has(session.id))
    .map((session) => changeSessionStatus(store, session.id, { type: 'RECOVER' }).id);
}
