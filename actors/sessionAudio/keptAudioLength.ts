import type { SessionStore } from '../../store/sessionStore.ts';
import { audioPartStops } from './audioPartStops.ts';

/**
 * Makes each of `sessionIds` (sessions a crash or a kill cut off) as long as the audio kept of it.
 * A cut-off session's stored length is where its last committed line ends, but its audio goes on to
 * the kill: the words the provider had not committed yet. A resumed session's new lines are timed
 * from the stored length, and its new audio part is played after the earlier parts, so without this
 * the resumed lines would come before their sound. Run after the cut-off parts are repaired (none
 * is still being written then). The audio is measured and placed as it plays (audioPartStops.ts):
 * parts are decoded, since an app capture's WebM states no duration. A session with a part ffmpeg
 * cannot read is left as it is. Returns the sessions made longer.
 */
export async function lengthenToKeptAudio(
  store: Pick<SessionStore, 'getSession' | 'updateSession'>,
  dataDirectory: string,
  sessionIds: readonly string[],
): Promise<string[]> {
  const lengthened: string[] = [];
  for (const sessionId of sessionIds) {
    const session = store.getSession(sessionId);
    if (session === undefined) continue;
    const stops = await audioPartStops(dataDirectory, sessionId, new AbortController().signal).catch(
      () => [],
    );
    const keptMs = stops.at(-1) ?? 0;
    if (keptMs > session.durationMs) {
      store.updateSession(sessionId, { durationMs: Math.round(keptMs) });
      lengthened.push(sessionId);
    }
  }
  return lengthened;
}
