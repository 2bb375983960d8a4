import { useRef, useState } from 'react';
import { ControlRequestError } from '../connection/control.ts';
import { stopLiveRecording } from './liveCapture.ts';
import { useLiveRecording } from './useLiveRecording.ts';

/**
 * Stop for a session's page while that session records live, whichever tab captures it (this
 * one, another, or none any more: a closed tab's recording waits a while for it to come back).
 * Nothing shows for a session that does not record live, such as a file being transcribed.
 */
export function StopRecordingButton(props: { sessionId: string }) {
  const { context, canStop, stop } = useLiveRecording();
  const [asked, setAsked] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const note = useRef<HTMLSpanElement>(null);
  const followedHere = context.sessionId === props.sessionId;
  const runs = context.running.some((session) => session.sessionId === props.sessionId);
  if (!runs && !(followedHere && canStop)) return null;
  if (asked || (followedHere && !canStop)) {
    return (
      <span className="muted" role="status" tabIndex={-1} ref={note} data-testid="session-stopping">
        Stopping: the last words are being transcribed…
      </span>
    );
  }
  const stopHere = () => {
    setProblem(undefined);
    setAsked(true);
    // The button goes; its note takes the focus once it is there.
    requestAnimationFrame(() => note.current?.focus());
    if (followedHere && canStop) {
      stop();
      return;
    }
    stopLiveRecording(props.sessionId).catch((error: unknown) => {
      setAsked(false);
      setProblem(error instanceof ControlRequestError ? error.message : 'The recording was not stopped.');
    });
  };
  return (
    <>
      <button type="button" className="button-danger" onClick={stopHere}>
        Stop recording
      </button>
      {problem !== undefined && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
