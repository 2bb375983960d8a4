import type { LiveUpdate } from '../../api/appChannel/appProtocol.ts';

/**
 * What `earshot live` shows on its tentative line for a live update: the reconnect under way
 * (which one, and the vendor's reason), the audio left after Stop, or the tentative text.
 */
export function liveStatusLine(
  update: Pick<LiveUpdate, 'state' | 'error' | 'reconnectAttempt' | 'pace' | 'tentative'>,
): string {
  if (update.state === 'reconnecting') {
    const attempt = update.reconnectAttempt === undefined ? '' : ` (attempt ${update.reconnectAttempt})`;
    return `[reconnecting${attempt}: ${update.error ?? ''}]`;
  }
  const untranscribedMs = update.pace?.untranscribedMs ?? 0;
  if (update.state === 'stopping' && untranscribedMs >= 1000)
    return `[finishing: ${Math.ceil(untranscribedMs / 1000)} s of audio left]`;
  return update.tentative;
}
