import { desktopCapturer, screen, type Session, type Streams } from 'electron';
import { isServiceOrigin } from './serviceOrigin.ts';

/**
 * Answers the page's `getDisplayMedia()` without a picker: the primary screen, and the system's
 * audio output where Electron can loop it back (Windows only). Elsewhere the page gets the screen
 * without an audio track and must say that system audio is not available.
 */
export function answerDisplayMediaRequests(
  session: Session,
  serviceBaseUrl: string,
  platform: NodeJS.Platform = process.platform,
): void {
  session.setDisplayMediaRequestHandler((request, callback) => {
    if (!isServiceOrigin(request.securityOrigin, serviceBaseUrl)) return callback(null);
    desktopCapturer.getSources({ types: ['screen'], thumbnailSize: { width: 0, height: 0 } }).then(
      (sources) => {
        const primaryDisplayId = String(screen.getPrimaryDisplay().id);
        const source = sources.find((candidate) => candidate.display_id === primaryDisplayId) ?? sources[0];
        if (source === undefined) return callback(null);
        const streams: Streams = { video: source };
        if (request.audioRequested && platform === 'win32') streams.audio = 'loopback';
        callback(streams);
      },
      () => callback(null),
    );
  });
}
