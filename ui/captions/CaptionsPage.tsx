import { useEffect, useState } from 'react';
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
  useRememberedWindow(overlay !== true);
  if (overlay !== true) return <CaptionsView follow={follow} />;
  return (
    <CaptionsView
      follow={follow}
      className={placing ? 'captions-overlay captions-placing' : 'captions-overlay'}
      controls={
        placing && (
          <button type="button" onClick={() => desktopBridge()?.captions.position(false)}>
            Done
          </button>
        )
      }
    />
  );
}

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
