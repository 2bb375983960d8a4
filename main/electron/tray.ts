import { Menu, Tray } from 'electron';
import { createTrayIcon } from './trayIcon.ts';

export interface TrayActions {
  showWindow: () => void;
  openInBrowser: () => void;
  /** Shows the caption overlay, or hides it when it shows. */
  toggleCaptions: () => void;
  /** Lets the caption overlay take the mouse, to be moved and resized. */
  positionCaptions: () => void;
  quit: () => void;
}

/** The tray icon that keeps Earshot reachable while its window is hidden. */
export function createTray(actions: TrayActions): Tray {
  const tray = new Tray(createTrayIcon());
  tray.setToolTip('Earshot');
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Show window', click: actions.showWindow },
      { label: 'Open in browser', click: actions.openInBrowser },
      { type: 'separator' },
      { label: 'Show or hide captions', click: actions.toggleCaptions },
      { label: 'Position captions', click: actions.positionCaptions },
      { type: 'separator' },
      { label: 'Quit', click: actions.quit },
    ]),
  );
  // Windows and Linux open the menu on right click only; a left click should bring the window back.
  tray.on('click', actions.showWindow);
  return tray;
}
