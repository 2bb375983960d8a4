import { useEffect } from 'react';

/** How far ← and → move the audio. */
export const keySeekMs = 5_000;

/** Where keys belong to the focused control: typing, choosing, pressing, or the player's own keys. */
const ownKeys = 'input, textarea, select, [contenteditable], audio, video';
/** Where Space presses or opens what has focus. */
const pressedBySpace = 'button, a[href], summary, [role="button"], [role="tab"], [role="checkbox"]';

/**
 * The page's playback keys while it has audio: Space plays or pauses, ← and → go 5 s back or on.
 * They are left alone in a text field (and Space on a button or link, which it presses), with a
 * modifier held, and once something else has handled them.
 */
export function usePlaybackKeys(
  active: boolean,
  controls: { toggle: () => void; seekBy: (ms: number) => void },
): void {
  const { toggle, seekBy } = controls;
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(ownKeys)) return;
      if (event.key === ' ') {
        if (target?.closest(pressedBySpace)) return;
        toggle();
      } else if (event.key === 'ArrowLeft') {
        seekBy(-keySeekMs);
      } else if (event.key === 'ArrowRight') {
        seekBy(keySeekMs);
      } else {
        return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active, toggle, seekBy]);
}
