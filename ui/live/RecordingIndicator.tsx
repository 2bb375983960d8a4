import { useEffect, useRef } from 'react';
import { hashOf, useRoute } from '../app/route.ts';
import { formatDuration } from '../format/time.ts';
import { isRecordingStage, recordingTabTitle } from './liveStatus.ts';
import { useLiveRecording } from './useLiveRecording.ts';
import '../styles/live.css';

/**
 * The sign on every page that a recording runs — this tab's or another's: in the sidebar, "●
 * Recording 3:12" linking to Live, with Stop (on the Live page its own Stop is at hand instead),
 * and the same in the browser tab's title.
 */
export function RecordingIndicator() {
  const route = useRoute();
  const { stage, elapsedMs, canStop, stop, context } = useLiveRecording();
  const box = useRef<HTMLDivElement>(null);
  const recording = isRecordingStage(stage);

  useEffect(() => {
    document.title = recordingTabTitle(document.title, stage, elapsedMs);
  }, [stage, elapsedMs]);

  // Stopped from here, the sign keeps the focus while the end is transcribed; when it goes with
  // the recording, the focus would fall to the document: the page's content takes it instead (the
  // Live page gives it to the recording's status itself).
  const wasRecording = useRef(recording);
  const onLive = route.page === 'live';
  useEffect(() => {
    const ended = wasRecording.current && !recording;
    wasRecording.current = recording;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (ended && lost && !onLive) document.getElementById('main')?.focus();
  }, [recording, onLive]);

  if (!recording) return null;
  const finishing = stage === 'stopping' || context.serviceState === 'stopping';
  const label = finishing ? 'Finishing' : stage === 'connecting' ? 'Starting' : 'Recording';
  return (
    <div className="recording-indicator" data-testid="recording-indicator" ref={box} tabIndex={-1}>
      <a href={hashOf({ page: 'live' })} className="recording-indicator-link">
        <span className="recording-indicator-dot" aria-hidden="true">
          ●
        </span>{' '}
        {label} <span className="recording-indicator-time">{formatDuration(elapsedMs)}</span>
      </a>
      {canStop && !onLive && (
        <button
          type="button"
          className="button-danger recording-indicator-stop"
          onClick={() => {
            box.current?.focus();
            stop();
          }}
        >
          Stop
        </button>
      )}
    </div>
  );
}
