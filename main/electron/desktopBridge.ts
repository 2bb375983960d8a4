/** What the preload shows the page as `window.earshot`: that it runs in the desktop shell, and where. */
export interface DesktopBridge {
  desktop: true;
  platform: NodeJS.Platform;
}
