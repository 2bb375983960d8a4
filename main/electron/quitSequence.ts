import type { App } from 'electron';

export interface QuitSequence {
  /** True from the first quit request on: the window then closes instead of hiding. */
  isQuitting: () => boolean;
}

/**
 * Holds every quit until `stopService` has settled (the service stops its recordings keeping their
 * words), then lets the quit through. Quitting again meanwhile waits for the same stop.
 */
export function holdQuitUntilServiceStops(
  app: Pick<App, 'on' | 'quit'>,
  stopService: () => Promise<void>,
): QuitSequence {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    void stopService()
      .catch((error: Error) => console.error(`Earshot: stopping the service failed (${error.message}).`))
      .finally(() => {
        state = 'stopped';
        app.quit();
      });
  });
  return { isQuitting: () => state !== 'running' };
}
