import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Route } from '../app/route.ts';
import { desktopBridge } from '../desktop/desktopBridge.ts';
import type { CaptionFollow } from './captionLines.ts';
import { readCaptionSettings, saveCaptionSettings } from './captionSettings.ts';
import { CaptionsView } from './CaptionsView.tsx';

/**
 * The captions as a page of their own (`#/captions`): in a pop-up window, which remembers where it
 * was and how large when it closes, or as the desktop shell's overlay, which the shell places and
 * which shows its controls only while being positioned.
 */
export function CaptionsPage(props: { route: Extract<Route, { page: 'captions' }> }) {
  const { overlay } = props.route;
  const follow = captionFollowOf(props.route);
  const placing = usePositioning(overlay === true);
  const frame = useRef<HTMLDivElement>(null);
  useFittedHeight(frame, overlay === true);
  useRememberedWindow(overlay !== true);
  if (overlay !== true) {
    return (
      <main>
        <CaptionsView follow={follow} />
      </main>
    );
  }
  const widen = (by: number) =>
    desktopBridge()?.captions.resize({ width: innerWidth + by, height: innerHeight });
  return (
    <main>
      <CaptionsView
        follow={follow}
        ref={frame}
        className={placing ? 'captions-overlay captions-placing' : 'captions-overlay'}
        controls={
          placing && (
            <>
              <button type="button" onClick={() => widen(-widthStep)}>
                Narrower
              </button>
              <button type="button" onClick={() => widen(widthStep)}>
                Wider
              </button>
              <button type="button" onClick={() => desktopBridge()?.captions.position(false)}>
                Done
              </button>
            </>
          )
        }
      />
    </main>
  );
}

/** How much Narrower and Wider change the overlay's width, in pixels. */
const widthStep = 80;

export function captionFollowOf(route: { sessionId?: string }): CaptionFollow {
  return route.sessionId === undefined
    ? { kind: 'recording' }
    : { kind: 'session', sessionId: route.sessionId };
}

/** Whether the shell is letting the overlay be moved and resized. */
function usePositioning(overlay: boolean): boolean {
  const [placing, setPlacing] = useState(false);
  useEffect(() => {
    if (!overlay) return;
    return desktopBridge()?.captions.onPositioning(setPlacing);
  }, [overlay]);
  return placing;
}

/**
 * The overlay is as tall as its captions need (more with larger text, or once a translation
 * shows): a transparent window cannot be relied on to be resized by its edges on every platform.
 */
function useFittedHeight(frame: RefObject<HTMLDivElement | null>, overlay: boolean): void {
  useEffect(() => {
    const element = frame.current;
    const shell = desktopBridge();
    if (!overlay || element === null || shell === undefined) return;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (Math.abs(height - innerHeight) > 1) shell.captions.resize({ width: innerWidth, height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame, overlay]);
}

/** A pop-up keeps its place and size for the next time it opens. */
function useRememberedWindow(remember: boolean): void {
  useEffect(() => {
    if (!remember) return;
    const keep = () =>
      saveCaptionSettings({
        ...readCaptionSettings(),
        window: { width: innerWidth, height: innerHeight, left: screenX, top: screenY },
      });
    addEventListener('pagehide', keep);
    return () => removeEventListener('pagehide', keep);
  }, [remember]);
}
