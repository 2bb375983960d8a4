import { type RefObject, useEffect, useRef } from 'react';

/** How long after the reader last scrolled by themselves the transcript follows the audio again. */
const readerScrollPauseMs = 5_000;
const scrollKeys = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown']);

/**
 * Keeps the line being played in view while the audio plays: when it moves to a line off screen,
 * that line is scrolled to the middle. Never while the reader scrolls by themselves (wheel, touch,
 * scroll keys, the scroll bar): following waits until they have left the page alone a while.
 */
export function useFollowPlayback(
  panel: RefObject<HTMLElement | null>,
  playingSeq: number | undefined,
  playing: boolean,
): void {
  const readerScrolledAt = useRef(-Infinity);
  useEffect(() => {
    const note = () => (readerScrolledAt.current = performance.now());
    const noteKey = (event: KeyboardEvent) => {
      if (scrollKeys.has(event.key)) note();
    };
    // The scroll bar is the document's: a press on it lands on <html>.
    const notePress = (event: PointerEvent) => {
      if (event.target === document.documentElement) note();
    };
    window.addEventListener('wheel', note, { passive: true });
    window.addEventListener('touchmove', note, { passive: true });
    window.addEventListener('keydown', noteKey);
    window.addEventListener('pointerdown', notePress);
    return () => {
      window.removeEventListener('wheel', note);
      window.removeEventListener('touchmove', note);
      window.removeEventListener('keydown', noteKey);
      window.removeEventListener('pointerdown', notePress);
    };
  }, []);

  useEffect(() => {
    if (!playing || playingSeq === undefined) return;
    if (performance.now() - readerScrolledAt.current < readerScrollPauseMs) return;
    const line = panel.current?.querySelector<HTMLElement>(`[data-seq="${playingSeq}"]`);
    if (line === null || line === undefined) return;
    const { top, bottom } = line.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    line.scrollIntoView({ block: 'center' });
  }, [panel, playingSeq, playing]);
}
