/**
 * What the preload shows the page as `window.earshot`: the UI uses `launchSecret` where a browser
 * would read the `earshot-launch-secret` meta tag.
 */
export interface DesktopBridge {
  launchSecret: string;
  desktop: true;
  platform: NodeJS.Platform;
}

/** The synchronous IPC channel on which the preload asks the main process for the launch secret. */
export const launchSecretChannel = 'earshot:launch-secret';
