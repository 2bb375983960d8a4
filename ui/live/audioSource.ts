import type { SourceKind } from './captureMachine.ts';

/**
 * The browser's audio for a recording: the microphone as it is (no echo cancellation, noise
 * suppression or gain control: the recogniser does better with the raw signal), or a tab / the
 * system through screen sharing, keeping only its audio.
 */
export async function acquireAudioSource(sourceKind: SourceKind): Promise<MediaStream> {
  if (navigator.mediaDevices === undefined) {
    throw new Error('This page cannot reach audio devices: open Earshot at its http://localhost address.');
  }
  try {
    if (sourceKind === 'microphone') {
      return await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
    }
    const shared = await navigator.mediaDevices.getDisplayMedia({ audio: true, video: true });
    for (const track of shared.getVideoTracks()) {
      track.stop();
      shared.removeTrack(track);
    }
    if (shared.getAudioTracks().length === 0) {
      throw new Error(
        'No audio came with the shared screen. Start again and, in the sharing dialog, pick a tab or screen with “Share audio” ticked.',
      );
    }
    return shared;
  } catch (error) {
    throw new Error(sourceProblem(sourceKind, error), { cause: error });
  }
}

export function releaseAudioSource(source: unknown): void {
  if (source instanceof MediaStream) for (const track of source.getTracks()) track.stop();
}

function sourceProblem(sourceKind: SourceKind, error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') {
    return sourceKind === 'microphone'
      ? 'Earshot may not use the microphone. Allow it in the browser’s site settings (the icon left of the address), then start again.'
      : 'Screen sharing was cancelled or is not allowed; start again and choose what to share.';
  }
  if (name === 'NotFoundError')
    return 'No microphone was found. Plug one in or pick another input in the system settings.';
  if (name === 'NotReadableError') {
    return 'The microphone is busy or unavailable (another app may hold it); close that app and start again.';
  }
  return error instanceof Error ? error.message : String(error);
}
