import { createRoot } from 'react-dom/client';
import { hashOf } from '../app/route.ts';
import { desktopBridge } from '../desktop/desktopBridge.ts';
import type { CaptionFollow } from './captionLines.ts';
import { readCaptionSettings, saveCaptionSettings } from './captionSettings.ts';
import { CaptionsView } from './CaptionsView.tsx';

/** Chromium's Document Picture-in-Picture (not yet in TypeScript's DOM types). */
interface DocumentPictureInPicture {
  readonly window: Window | null;
  requestWindow: (options: { width: number; height: number }) => Promise<Window>;
}

/**
 * Opens the captions in a small window that stays on top: the desktop shell's overlay; in a browser
 * with Document Picture-in-Picture, a picture-in-picture window this page renders into (pressed
 * again, it closes); elsewhere a pop-up of the captions page. Closing the window closes its stream.
 */
export async function openCaptions(follow: CaptionFollow): Promise<void> {
  const shell = desktopBridge();
  if (shell !== undefined) {
    shell.captions.toggle();
    return;
  }
  const settings = readCaptionSettings();
  const { width, height, left, top } = settings.window;
  const pictureInPicture = (window as { documentPictureInPicture?: DocumentPictureInPicture })
    .documentPictureInPicture;
  if (pictureInPicture === undefined) {
    const place = left === undefined || top === undefined ? '' : `,left=${left},top=${top}`;
    const sessionId = follow.kind === 'session' ? follow.sessionId : undefined;
    window.open(
      hashOf({ page: 'captions', sessionId }),
      'earshot-captions',
      `popup,width=${width},height=${height}${place}`,
    );
    return;
  }
  if (pictureInPicture.window !== null) {
    pictureInPicture.window.close();
    return;
  }
  const captionsWindow = await pictureInPicture.requestWindow({ width, height });
  copyStyles(document, captionsWindow.document);
  const root = createRoot(
    captionsWindow.document.body.appendChild(captionsWindow.document.createElement('div')),
  );
  root.render(<CaptionsView follow={follow} />);
  captionsWindow.addEventListener('pagehide', () => {
    const kept = readCaptionSettings();
    const size = { width: captionsWindow.innerWidth, height: captionsWindow.innerHeight };
    saveCaptionSettings({ ...kept, window: { ...kept.window, ...size } });
    root.unmount();
  });
}

/** A picture-in-picture window starts empty: it gets this page's styles (the captions' among them). */
function copyStyles(from: Document, to: Document): void {
  for (const sheet of Array.from(from.styleSheets)) {
    const owner = sheet.ownerNode;
    if (owner instanceof HTMLLinkElement) {
      to.head.append(owner.cloneNode());
      continue;
    }
    const style = to.createElement('style');
    style.textContent = Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
    to.head.append(style);
  }
  to.body.style.margin = '0';
}
