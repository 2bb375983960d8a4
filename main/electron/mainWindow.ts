import {
  BrowserWindow,
  shell,
  type BrowserWindowConstructorOptions,
  type WebContents,
  type WebPreferences,
} from 'electron';
import { isServiceOrigin } from './serviceOrigin.ts';

export interface MainWindowOptions {
  serviceBaseUrl: string;
  /** A one-time login link into the service: the window signs in by opening it. */
  loginUrl: string;
  /** The built preload script (CommonJS; a sandboxed preload cannot be a module). */
  preloadPath: string;
  /** Asked on every close: true hides the window to the tray instead of closing it. */
  hideOnClose: () => boolean;
}

/** The page is the service's web UI, so it gets exactly what a browser tab gets: no Node, its own world. */
export function pageWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    nodeIntegration: false,
    sandbox: true,
    webSecurity: true,
  };
}

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    title: 'Earshot',
    width: 1200,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    webPreferences: pageWebPreferences(preloadPath),
  };
}

/**
 * Keeps the window on the service's origin: navigations and redirects elsewhere are cancelled,
 * new windows are refused and their http(s) links open in the user's browser, webviews never attach.
 */
export function guardNavigation(webContents: WebContents, serviceBaseUrl: string): void {
  webContents.on('will-frame-navigate', (event) => {
    if (!isServiceOrigin(event.url, serviceBaseUrl)) event.preventDefault();
  });
  webContents.on('will-redirect', (event) => {
    if (!isServiceOrigin(event.url, serviceBaseUrl)) event.preventDefault();
  });
  webContents.on('will-attach-webview', (event) => event.preventDefault());
  webContents.setWindowOpenHandler(({ url }) => {
    if (isWebLink(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(options.preloadPath));
  guardNavigation(window.webContents, options.serviceBaseUrl);
  window.once('ready-to-show', () => window.show());
  window.on('close', (event) => {
    if (!options.hideOnClose()) return;
    event.preventDefault();
    window.hide();
  });
  window.loadURL(options.loginUrl).catch((error: Error) => {
    // Not the login link itself: a log is no place for a credential, even a used one.
    console.error(`Earshot: the window could not load ${options.serviceBaseUrl} (${error.message}).`);
  });
  return window;
}

function isWebLink(url: string): boolean {
  return URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol);
}
