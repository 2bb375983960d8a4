import { app, dialog, ipcMain, screen, session, shell } from 'electron';
import { join } from 'node:path';
import { ControlClient } from '../controlClient.ts';
import { resolveDataDirectory } from '../dataDirectory.ts';
import { answerCaptionRequests } from './captionRequests.ts';
import { CaptionOverlay, firstCaptionBounds } from './captionWindow.ts';
import { createMainWindow } from './mainWindow.ts';
import { confinePermissionsToService } from './permissions.ts';
import { holdQuitUntilServiceStops } from './quitSequence.ts';
import {
  connectToService,
  describeExit,
  earshotServeCommand,
  findProjectRoot,
  lastOutputParagraph,
} from './serviceProcess.ts';
import { readShellSettings, writeShellSettings } from './shellSettings.ts';
import { answerDisplayMediaRequests } from './systemAudioCapture.ts';
import { createTray } from './tray.ts';

// Built, this runs as main/electron/dist/main.cjs (import.meta.dirname becomes __dirname), with
// preload.cjs beside it.
const preloadPath = join(import.meta.dirname, 'preload.cjs');

if (app.requestSingleInstanceLock()) {
  start();
} else {
  // Another Earshot window is open; it is shown by its 'second-instance' handler.
  app.quit();
}

function start(): void {
  const dataDirectory = resolveDataDirectory(undefined);
  const connecting = Promise.resolve().then(() =>
    connectToService({
      dataDirectory,
      command: earshotServeCommand(findProjectRoot(import.meta.dirname), dataDirectory),
    }),
  );
  // Registered before the service is up, so a quit during startup still stops what was started.
  const quitSequence = holdQuitUntilServiceStops(app, () =>
    connecting.then(
      (connection) => connection.stop(),
      () => undefined,
    ),
  );
  // A terminal's Ctrl+C takes the same path as the tray's Quit.
  process.once('SIGINT', () => app.quit());
  process.once('SIGTERM', () => app.quit());

  // The page never sees the launch secret: this process, which holds it, asks the service for a
  // one-time login link, and the window signs in by opening it (the service sets a session cookie,
  // and the sign-in page's script keeps the page key in the window's storage for our origin).
  const control = connecting.then(
    (connection) => new ControlClient(connection.info, connection.launchSecret),
  );
  const mintLoginUrl = () => control.then((client) => client.mintLoginUrl());

  void Promise.all([connecting, mintLoginUrl(), app.whenReady()]).then(
    ([connection, loginUrl]) => {
      if (quitSequence.isQuitting()) return;
      const { baseUrl } = connection.info;
      confinePermissionsToService(session.defaultSession, baseUrl);
      answerDisplayMediaRequests(session.defaultSession, baseUrl);
      const window = createMainWindow({
        serviceBaseUrl: baseUrl,
        loginUrl,
        preloadPath,
        // Linux trays are not reliably shown, so closing the window there quits.
        hideOnClose: () => process.platform !== 'linux' && !quitSequence.isQuitting(),
      });
      // Read when the overlay first opens: its place is the shell's to remember, not the service's.
      const settingsFile = () => join(app.getPath('userData'), 'shell-settings.json');
      const captions = new CaptionOverlay({
        serviceBaseUrl: baseUrl,
        preloadPath,
        bounds: () =>
          readShellSettings(settingsFile()).captionBounds ??
          firstCaptionBounds(screen.getPrimaryDisplay().workArea),
        onBoundsChanged: (captionBounds) =>
          writeShellSettings(settingsFile(), { ...readShellSettings(settingsFile()), captionBounds }),
        displayOf: (bounds) => screen.getDisplayMatching(bounds),
      });
      answerCaptionRequests(ipcMain, captions, baseUrl);
      // The overlay alone must not keep the app open once the main window has closed.
      window.on('closed', () => captions.destroy());
      const showWindow = () => {
        if (window.isMinimized()) window.restore();
        window.show();
        window.focus();
      };
      const tray = createTray({
        showWindow,
        // The default browser has no session of its own yet, so it gets a login link too.
        openInBrowser: () =>
          void mintLoginUrl().then(
            (url) => shell.openExternal(url),
            (error: Error) => dialog.showErrorBox('Earshot could not open your browser', error.message),
          ),
        toggleCaptions: () => captions.toggle(),
        positionCaptions: () => captions.setPositioning(true),
        quit: () => app.quit(),
      });
      app.on('second-instance', showWindow);
      app.on('activate', showWindow);
      app.on('window-all-closed', () => app.quit());
      // Windows leaves a destroyed app's tray icon behind until the pointer passes over it.
      app.on('will-quit', () => tray.destroy());
      void connection.exited?.then((exit) => {
        if (quitSequence.isQuitting()) return;
        dialog.showErrorBox(
          'Earshot stopped',
          `The Earshot service stopped unexpectedly (${describeExit(exit)}). Start Earshot again: ` +
            `recordings that were in progress will be marked interrupted, ready to resume or finalize.` +
            lastOutputParagraph(exit.stderrTail),
        );
        app.quit();
      });
    },
    async (error: Error) => {
      await app.whenReady();
      dialog.showErrorBox('Earshot could not start', error.message);
      app.quit();
    },
  );
}
