import type { LiveStatus, LiveView } from './dependencies.ts';

export const idleLiveStatus: LiveStatus = { recording: false, currentSessionId: null, currentProvider: null };

/**
 * The recorder's status, or the idle defaults when it does not answer within `timeoutMs` or fails.
 * A busy or stuck recorder must never hold an API request, and the spec asks for defaults with
 * status 200 rather than an error. The timer is always cleared so finished requests leave nothing
 * behind to keep the process alive.
 */
export async function readLiveStatus(
  live: LiveView,
  timeoutMs: number,
  reportError: (error: unknown) => void,
): Promise<LiveStatus> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<LiveStatus>((resolve) => {
    timer = setTimeout(() => resolve(idleLiveStatus), timeoutMs);
  });
  // Called inside then() so a getStatus that throws synchronously is handled like a rejection.
  const answer = Promise.resolve()
    .then(() => live.getStatus())
    .then(
      (status) => ({
        recording: status.recording,
        currentSessionId: status.currentSessionId,
        currentProvider: status.currentProvider,
      }),
      (error: unknown) => {
        reportError(error);
        return idleLiveStatus;
      },
    );
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
