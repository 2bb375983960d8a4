import type { SessionStore } from '../../store/sessionStore.ts';
import { listAudioParts } from '../../store/audio/sessionAudioFiles.ts';
import { decodedLengthMs } from '../fileJob/decodedLength.ts';
import { placedParts } from './partPlacement.ts';

/**
 * Makes each of `sessionIds` (sessions a crash or a kill cut off) as long as the audio kept of it.
 * A cut-off session's stored length is where its last committed line ends, but its audio goes on to
 * the kill: the words the provider had not committed yet. A resumed session's new lines are timed
 * from the stored length, and its new audio part is played after the earlier parts, so without this
 * the resumed lines would come before their sound. Run after the cut-off parts are repaired. Parts
 * are measured by decoding them: an app capture's WebM states no duration. A part ffmpeg cannot
 * read counts as nothing. Returns the sessions made longer.
 */
export async function lengthenToKeptAudio(
  store: Pick<SessionStore, 'getSession' | 'updateSession'>,
  dataDirectory: string,
  sessionIds: readonly string[],
): Promise<string[]> {
  const lengthened: string[] = [];
  for (const sessionId of sessionIds) {
    const session = store.getSession(sessionId);
    const parts = listAudioParts(dataDirectory, sessionId).filter((part) => !part.recording);
    if (session === undefined || parts.length === 0) continue;
    const measured: Array<{ startMs: number | undefined; lengthMs: number }> = [];
    for (const part of parts) {
      const lengthMs = await decodedLengthMs(part.path, new AbortController().signal).catch(() => 0);
      measured.push({ startMs: part.startMs, lengthMs });
    }
    const keptMs = placedParts(measured).at(-1)?.endMs ?? 0;
    if (keptMs > session.durationMs) {
      store.updateSession(sessionId, { durationMs: Math.round(keptMs) });
      lengthened.push(sessionId);
    }
  }
  return lengthened;
}
