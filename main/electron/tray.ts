import { Menu, Tray } from 'electron';
import { createTrayIcon } from './trayIcon.ts';

export interface TrayActions {
  showWindow: () => void;
  openInBrowser: () => void;
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
      { label: 'Quit', click: actions.quit },
    ]),
  );
  // Windows and Linux open the menu on right click only; a left click should bring the window back.
  tray.on('click', actions.showWindow);
  return tray;
}
