import { statSync } from 'node:fs';
import { audioRetentionValueId, readAudioRetention } from '../../store/audio/audioRetention.ts';
import {
  deleteSessionAudio,
  listAudioParts,
  sessionsWithAudio,
} from '../../store/audio/sessionAudioFiles.ts';
import type { SessionStore } from '../../store/sessionStore.ts';

const dayMs = 86_400_000;

/**
 * Deletes the audio the retention setting no longer keeps: a session's folder once its newest part
 * was last written more than N days ago (never while the session records), and the folder of a
 * session that no longer exists (an import that replaced the library). `forever` and `never` keep
 * what is there: `never` only stops new recordings. Returns the sessions whose audio went.
 */
export function deleteExpiredAudio(
  store: Pick<SessionStore, 'getSession' | 'getSetting'>,
  dataDirectory: string,
  now = Date.now(),
): string[] {
  const retention = readAudioRetention(store.getSetting(audioRetentionValueId));
  const deleted: string[] = [];
  for (const sessionId of sessionsWithAudio(dataDirectory)) {
    const session = store.getSession(sessionId);
    if (session?.status === 'recording') continue;
    const parts = listAudioParts(dataDirectory, sessionId);
    const lastWritten = Math.max(0, ...parts.map((part) => statSync(part.path).mtimeMs));
    const expired = typeof retention === 'number' && now - lastWritten > retention * dayMs;
    if (session === undefined || expired) {
      deleteSessionAudio(dataDirectory, sessionId);
      deleted.push(sessionId);
    }
  }
  return deleted;
}

/** How often a running service looks for audio past the retention setting. */
const sweepPeriodMs = 3_600_000;

/**
 * Deletes expired audio now and every hour while the service runs; returns the function that stops
 * it. A failure (a folder it cannot read) is logged and tried again at the next sweep.
 */
export function startExpiredAudioSweep(
  store: Pick<SessionStore, 'getSession' | 'getSetting'>,
  dataDirectory: string,
): () => void {
  const sweep = () => {
    try {
      deleteExpiredAudio(store, dataDirectory);
    } catch (error) {
      console.error(`Could not delete expired session audio: ${(error as Error).message}`);
    }
  };
  sweep();
  const timer = setInterval(sweep, sweepPeriodMs);
  timer.unref();
  return () => clearInterval(timer);
}
