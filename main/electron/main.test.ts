import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServeProcess, type ServeProcess } from '../../test/support/earshotProcess.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { serviceFileName, writeServiceFiles, type ServiceInfo } from '../serviceFile.ts';
import { isProcessAlive } from '../../actors/runtimeSetup/runtimeRecord.ts';
import { captionChannels } from './captionChannels.ts';
import { readShellSettings, writeShellSettings } from './shellSettings.ts';

interface MenuItem {
  label?: string;
  click?: () => void;
}

/** Electron as far as the shell's entry uses it: an app whose quit() runs 'before-quit' as Electron's does. */
const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  interface WindowOptions {
    webPreferences?: { preload?: string };
    x?: number;
    y?: number;
    width?: number;
    height?: number;
  }
  class FakeApp extends EventEmitter {
    hasLock = true;
    userData = '';
    getPath(name: string) {
      if (name !== 'userData') throw new Error(`The shell asked for the ${name} path.`);
      return this.userData;
    }
    quitCount = 0;
    whenReadyCalls = 0;
    requestSingleInstanceLock() {
      return this.hasLock;
    }
    whenReady() {
      this.whenReadyCalls++;
      return Promise.resolve();
    }
    quit() {
      let prevented = false;
      this.emit('before-quit', { preventDefault: () => (prevented = true) });
      if (prevented) return;
      this.quitCount++;
      this.emit('will-quit');
    }
  }
  class FakeWindow extends EventEmitter {
    readonly webContents = Object.assign(new EventEmitter(), {
      setWindowOpenHandler: () => undefined,
      send: () => undefined,
    });
    readonly loadedUrls: string[] = [];
    readonly options: WindowOptions;
    visible = false;
    bounds: { x: number; y: number; width: number; height: number };
    constructor(options: WindowOptions) {
      super();
      this.options = options;
      this.bounds = {
        x: options.x ?? 0,
        y: options.y ?? 0,
        width: options.width ?? 0,
        height: options.height ?? 0,
      };
      windows.push(this);
    }
    loadURL(url: string) {
      this.loadedUrls.push(url);
      return Promise.resolve();
    }
    show() {
      this.visible = true;
    }
    showInactive() {
      this.visible = true;
    }
    hide() {
      this.visible = false;
    }
    isVisible() {
      return this.visible;
    }
    getBounds() {
      return this.bounds;
    }
    focus() {}
    restore() {}
    setAlwaysOnTop() {}
    setIgnoreMouseEvents() {}
    isMinimized() {
      return false;
    }
  }
  class FakeTray extends EventEmitter {
    menu: MenuItem[] = [];
    destroyed = false;
    constructor() {
      super();
      trays.push(this);
    }
    setToolTip() {}
    setContextMenu(menu: MenuItem[]) {
      this.menu = menu;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  const windows: FakeWindow[] = [];
  const trays: FakeTray[] = [];
  return {
    app: new FakeApp(),
    ipcMain: new EventEmitter(),
    showErrorBox: vi.fn<(title: string, content: string) => void>(),
    openExternal: vi.fn<(url: string) => Promise<void>>(),
    FakeWindow,
    FakeTray,
    windows,
    trays,
  };
});

vi.mock('electron', () => ({
  app: electron.app,
  BrowserWindow: electron.FakeWindow,
  Tray: electron.FakeTray,
  Menu: { buildFromTemplate: (template: MenuItem[]) => template },
  nativeImage: { createFromBitmap: () => ({}) },
  dialog: { showErrorBox: electron.showErrorBox },
  ipcMain: electron.ipcMain,
  shell: { openExternal: electron.openExternal },
  session: {
    defaultSession: {
      setPermissionRequestHandler: () => undefined,
      setPermissionCheckHandler: () => undefined,
      setDisplayMediaRequestHandler: () => undefined,
    },
  },
  desktopCapturer: { getSources: () => Promise.resolve([]) },
  screen: {
    getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }),
    getDisplayMatching: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }),
  },
}));

const startupTimeout = { timeout: 20_000 };
let directory: ReturnType<typeof temporaryDirectory>;
let userService: ServeProcess | undefined;
let signalListenersBefore: Map<'SIGINT' | 'SIGTERM', NodeJS.SignalsListener[]>;

beforeEach(() => {
  directory = temporaryDirectory('desktop-main');
  vi.stubEnv('EARSHOT_DATA_DIR', directory.path);
  electron.app.removeAllListeners();
  Object.assign(electron.app, {
    hasLock: true,
    quitCount: 0,
    whenReadyCalls: 0,
    userData: join(directory.path, 'shell'),
  });
  electron.ipcMain.removeAllListeners();
  electron.showErrorBox.mockReset();
  electron.openExternal.mockReset().mockResolvedValue(undefined);
  electron.windows.length = 0;
  electron.trays.length = 0;
  signalListenersBefore = new Map(
    (['SIGINT', 'SIGTERM'] as const).map((signal) => [signal, process.listeners(signal)]),
  );
});

afterEach(async () => {
  // The entry's Ctrl+C handlers must not outlive the test in this worker.
  for (const [signal, before] of signalListenersBefore) {
    for (const listener of process.listeners(signal)) {
      if (!before.includes(listener)) process.off(signal, listener);
    }
  }
  if (userService !== undefined) {
    userService.child.kill('SIGTERM');
    await userService.exited;
    userService = undefined;
  }
  vi.unstubAllEnvs();
  directory.remove();
});

/** Runs the entry afresh, as launching the app does. */
async function launch(): Promise<void> {
  vi.resetModules();
  await import('./main.ts');
}

function announcedService(): ServiceInfo {
  return JSON.parse(readFileSync(join(directory.path, serviceFileName), 'utf8')) as ServiceInfo;
}

const loginUrlOf = (baseUrl: string) => new RegExp(`^${baseUrl}/login\\?token=[A-Za-z0-9_-]{43}$`);

/** What the service answers a browser opening `url`: the status and the cookie it sets. */
async function openInBrowser(url: string): Promise<{ status: number; cookie: string | null }> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.body?.cancel();
  return { status: response.status, cookie: response.headers.get('set-cookie') };
}

function clickTrayItem(label: string): void {
  electron.trays[0]?.menu.find((item) => item.label === label)?.click?.();
}

describe('the desktop shell', () => {
  it('starts the service and signs its window in with a one-time login link, never giving the page the secret', async () => {
    await launch();
    await vi.waitFor(() => expect(electron.windows).toHaveLength(1), startupTimeout);

    const info = announcedService();
    const window = electron.windows[0];
    expect(window?.loadedUrls).toEqual([expect.stringMatching(loginUrlOf(info.baseUrl))]);
    expect(window?.options.webPreferences?.preload).toBe(join(import.meta.dirname, 'preload.cjs'));
    const signIn = await openInBrowser(window?.loadedUrls[0] ?? '');
    expect(signIn.status).toBe(200);
    expect(signIn.cookie).toMatch(new RegExp(`^earshot-session-${info.port}=`));
    expect((await openInBrowser(window?.loadedUrls[0] ?? '')).status).toBe(401);
    // The only messages the page can send ask to show, hide, position or resize the caption overlay.
    expect(electron.ipcMain.eventNames()).toEqual([
      captionChannels.toggle,
      captionChannels.position,
      captionChannels.resize,
    ]);

    clickTrayItem('Open in browser');
    await vi.waitFor(() => expect(electron.openExternal).toHaveBeenCalledTimes(1));
    const browserUrl = electron.openExternal.mock.calls[0]?.[0] ?? '';
    expect(browserUrl).toMatch(loginUrlOf(info.baseUrl));
    expect(browserUrl).not.toBe(window?.loadedUrls[0]);
    expect((await openInBrowser(browserUrl)).status).toBe(200);

    clickTrayItem('Quit');
    await vi.waitFor(() => expect(electron.app.quitCount).toBe(1), { timeout: 30_000 });
  });

  it('shows the caption overlay from the tray and from the app, where it was left last time', async () => {
    const shellSettings = join(directory.path, 'shell', 'shell-settings.json');
    writeShellSettings(shellSettings, { captionBounds: { x: 40, y: 900, width: 700, height: 150 } });
    await launch();
    await vi.waitFor(() => expect(electron.windows).toHaveLength(1), startupTimeout);
    const { baseUrl } = announcedService();

    clickTrayItem('Show or hide captions');
    const overlay = electron.windows[1];
    expect(overlay?.loadedUrls).toEqual([`${baseUrl}/#/captions?overlay`]);
    expect(overlay?.options).toMatchObject({ x: 40, y: 900, width: 700, height: 150, transparent: true });
    expect(overlay?.visible).toBe(true);

    // Moved while positioned: the next launch puts it there.
    clickTrayItem('Position captions');
    Object.assign(overlay ?? {}, { bounds: { x: 300, y: 820, width: 900, height: 180 } });
    overlay?.emit('moved');
    expect(readShellSettings(shellSettings).captionBounds).toEqual({
      x: 300,
      y: 820,
      width: 900,
      height: 180,
    });

    // The app's Captions button, through the preload's bridge.
    electron.ipcMain.emit(captionChannels.toggle, { senderFrame: { url: `${baseUrl}/#/live` } });
    expect(overlay?.visible).toBe(false);

    clickTrayItem('Quit');
    await vi.waitFor(() => expect(electron.app.quitCount).toBe(1), { timeout: 30_000 });
  });

  it('on Quit, stops the service it started before letting the app quit', async () => {
    await launch();
    await vi.waitFor(() => expect(electron.windows).toHaveLength(1), startupTimeout);
    const { pid } = announcedService();

    clickTrayItem('Quit');
    expect(electron.app.quitCount).toBe(0);
    await vi.waitFor(() => expect(electron.app.quitCount).toBe(1), { timeout: 30_000 });

    expect(isProcessAlive(pid)).toBe(false);
    expect(existsSync(join(directory.path, serviceFileName))).toBe(false);
    expect(electron.trays[0]?.destroyed).toBe(true);
    expect(electron.showErrorBox).not.toHaveBeenCalled();
  });

  it('attaches to a service the user started and leaves it running on Quit', async () => {
    userService = await startServeProcess(['--data-dir', directory.path, '--port', '0']);

    await launch();
    await vi.waitFor(() => expect(electron.windows).toHaveLength(1), startupTimeout);
    expect(electron.windows[0]?.loadedUrls).toEqual([expect.stringMatching(loginUrlOf(userService.baseUrl))]);

    clickTrayItem('Quit');
    await vi.waitFor(() => expect(electron.app.quitCount).toBe(1));
    expect(isProcessAlive(userService.child.pid ?? 0)).toBe(true);
    expect((await fetch(`${userService.baseUrl}/api/v1/health`)).status).toBe(200);
  });

  it('says why it cannot start and quits, when the announced service does not answer', async () => {
    const info = {
      pid: process.pid,
      port: 9,
      baseUrl: 'http://127.0.0.1:9',
      startedAt: '2026-01-01T00:00:00Z',
    };
    writeServiceFiles(directory.path, info, 'secret');

    await launch();
    await vi.waitFor(() => expect(electron.app.quitCount).toBe(1), startupTimeout);

    expect(electron.showErrorBox).toHaveBeenCalledWith(
      'Earshot could not start',
      expect.stringContaining('does not answer'),
    );
    expect(electron.windows).toHaveLength(0);
  });

  it('says so and quits when the service it started dies', async () => {
    await launch();
    await vi.waitFor(() => expect(electron.windows).toHaveLength(1), startupTimeout);

    process.kill(announcedService().pid, 'SIGKILL');

    await vi.waitFor(() => expect(electron.app.quitCount).toBe(1), startupTimeout);
    expect(electron.showErrorBox).toHaveBeenCalledWith(
      'Earshot stopped',
      expect.stringContaining('stopped unexpectedly (signal SIGKILL)'),
    );
  });

  it('only quits when another Earshot window already holds the single-instance lock', async () => {
    electron.app.hasLock = false;

    await launch();

    expect(electron.app.quitCount).toBe(1);
    expect(electron.app.whenReadyCalls).toBe(0);
    expect(electron.windows).toHaveLength(0);
  });
});
