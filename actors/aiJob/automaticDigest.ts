import type { SessionStatus } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type { AiJobs } from './aiJobs.ts';

/**
 * Starts a session's digest when the session completes, if `wanted()` says so at that moment.
 * Only a change to `completed` seen here counts, so sessions that arrive completed (an imported
 * backup) are not summarised behind the user's back; a session without transcript, or whose
 * digest exists or is being made, is left alone. Returns the function that stops it.
 */
export function startDigestOnCompletion(
  store: SessionStore,
  aiJobs: AiJobs,
  wanted: () => boolean,
): () => void {
  const known = new Map<string, SessionStatus>();
  for (const session of store.listSessions({ limit: Number.MAX_SAFE_INTEGER, offset: 0 }).sessions) {
    known.set(session.id, session.status);
  }
  const completed: string[] = [];
  let stopped = false;
  const stop = store.watchRows((touched) => {
    for (const sessionId of touched.sessions ?? []) {
      const status = store.getSession(sessionId)?.status;
      const before = known.get(sessionId);
      if (status === undefined) known.delete(sessionId);
      else known.set(sessionId, status);
      if (status === 'completed' && before !== undefined && before !== 'completed') completed.push(sessionId);
    }
    // After the transaction that completed it: starting a job writes to the store itself.
    if (completed.length > 0) setImmediate(startWaiting);
  });

  function startWaiting(): void {
    if (stopped) return;
    for (const sessionId of completed.splice(0)) {
      const session = store.getSession(sessionId);
      if (session === undefined || session.transcriptLength === 0) continue;
      if (session.postProcess.status !== 'none' || session.mindMap.status !== 'none') continue;
      if (!wanted()) continue;
      aiJobs.start({ sessionId });
    }
  }

  return () => {
    stopped = true;
    stop();
  };
}
