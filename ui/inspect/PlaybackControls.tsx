import { useEffect, useEffectEvent } from 'react';
import {
  canStepBack,
  canStepForward,
  followingLatest,
  heldAt,
  type PlaybackPosition,
  shownIndex,
  stepBy,
} from './playback.ts';

/**
 * Back, forward and a slider over recorded steps (the ←/→ keys step too, wherever focus is not in a
 * form field), and "Live" to follow new steps again when the steps are still coming.
 */
export function PlaybackControls(props: {
  /** What the steps are, for the slider's label: "Recorded step", "Path step". */
  stepName: string;
  count: number;
  position: PlaybackPosition;
  onChange: (position: PlaybackPosition) => void;
  /** Whether new steps can still arrive (a running actor): offers "Live". */
  canFollow: boolean;
}) {
  const { count, position, onChange } = props;
  const index = shownIndex(position, count);
  const onArrowKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, select, textarea, [contenteditable="true"]')) return;
    event.preventDefault();
    onChange(stepBy(position, count, event.key === 'ArrowLeft' ? -1 : 1));
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onArrowKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const following = props.canFollow && position.following;
  return (
    <div className="playback" role="group" aria-label="Playback">
      <button
        type="button"
        onClick={() => onChange(stepBy(position, count, -1))}
        disabled={!canStepBack(position, count)}
        aria-label="Step back"
        title="Step back (←)"
      >
        ←
      </button>
      <button
        type="button"
        onClick={() => onChange(stepBy(position, count, 1))}
        disabled={!canStepForward(position, count)}
        aria-label="Step forward"
        title="Step forward (→)"
      >
        →
      </button>
      <input
        type="range"
        className="playback-slider"
        min={0}
        max={Math.max(count - 1, 0)}
        value={Math.max(index, 0)}
        disabled={count < 2}
        onChange={(event) => onChange(heldAt(Number(event.target.value)))}
        aria-label={props.stepName}
        aria-valuetext={`${props.stepName} ${index + 1} of ${count}`}
      />
      <span className="playback-position" data-testid="playback-position">
        {count === 0 ? 'No steps' : `${index + 1} / ${count}`}
      </span>
      {props.canFollow &&
        (following ? (
          <span className="badge badge-success playback-live" data-testid="playback-following">
            Live
          </span>
        ) : (
          <button
            type="button"
            className="button-primary playback-live"
            onClick={() => onChange(followingLatest)}
            title="Follow new steps as they happen"
          >
            Live
          </button>
        ))}
    </div>
  );
}
