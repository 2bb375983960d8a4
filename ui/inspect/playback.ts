/**
 * Where a playback over a list of steps stands: following the newest step as steps arrive, or held
 * at one index while the user looks. Used for a live actor, a finished one and a generated path.
 */
export type PlaybackPosition = { following: true } | { following: false; index: number };

export const followingLatest: PlaybackPosition = { following: true };

export function heldAt(index: number): PlaybackPosition {
  return { following: false, index };
}

/** The index of the step shown, or -1 when there are no steps. */
export function shownIndex(position: PlaybackPosition, count: number): number {
  if (count === 0) return -1;
  if (position.following) return count - 1;
  return Math.min(Math.max(position.index, 0), count - 1);
}

/** Moves `delta` steps from the one shown, and holds there: stepping always pauses. */
export function stepBy(position: PlaybackPosition, count: number, delta: number): PlaybackPosition {
  if (count === 0) return position;
  return heldAt(Math.min(Math.max(shownIndex(position, count) + delta, 0), count - 1));
}

export function canStepBack(position: PlaybackPosition, count: number): boolean {
  return shownIndex(position, count) > 0;
}

export function canStepForward(position: PlaybackPosition, count: number): boolean {
  return shownIndex(position, count) < count - 1;
}
