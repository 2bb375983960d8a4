import { Hono } from 'hono';
import type { SessionStore } from '../../store/sessionStore.ts';
import { errorResponse } from '../responses.ts';

/** What the control channel may do to the service's live sessions. */
export interface LiveRecordings {
  /** Stops the session's recording the way its own Stop does; false when it is not recording live. */
  stop(sessionId: string): boolean;
}

/**
 * `POST /sessions/:id/stop` → 202 `{sessionId, state: "stopping"}`: stops a live recording from
 * anywhere — another tab, the session page, a tab whose capture has closed — not only from the
 * connection that captures it. The session then finishes as after any Stop (its last words are
 * transcribed and kept) and the clients following it see it end.
 */
export function createLiveControl(dependencies: { store: SessionStore; recordings: LiveRecordings }): Hono {
  const { store, recordings } = dependencies;
  const app = new Hono();
  app.post('/sessions/:id/stop', (context) => {
    const id = context.req.param('id');
    const session = store.getSession(id);
    if (session === undefined) return errorResponse('session_not_found', `There is no session ${id}.`);
    if (!recordings.stop(id)) {
      return errorResponse(
        'invalid_state',
        session.status === 'recording'
          ? 'This session is a file being transcribed, not a live recording; cancel its job on the Files page.'
          : `This session is not recording (it is ${session.status}); there is nothing to stop.`,
      );
    }
    return context.json({ sessionId: id, state: 'stopping' }, 202);
  });
  return app;
}
