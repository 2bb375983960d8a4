import { EventEmitter } from 'node:events';
import type { HandlerDetails, WebContents, WindowOpenHandlerResponse } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMainWindow, guardNavigation, mainWindowOptions } from './mainWindow.ts';

const electron = vi.hoisted(() => ({ openExternal: vi.fn(), windows: [] as unknown[] }));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  class FakeWebContents extends EventEmitter {
    openHandler: ((details: { url: string }) => { action: string }) | undefined;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.openHandler = handler;
    }
  }
  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    readonly loadedUrls: string[] = [];
    hidden = false;
    readonly options: unknown;
    constructor(options: unknown) {
      super();
      this.options = options;
      electron.windows.push(this);
    }
    loadURL(url: string) {
      this.loadedUrls.push(url);
      return Promise.resolve();
    }
    hide() {
      this.hidden = true;
    }
    show() {
      this.hidden = false;
    }
  }
  return { BrowserWindow: FakeBrowserWindow, shell: { openExternal: electron.openExternal } };
});

const service = 'http://127.0.0.1:23456';
const loginUrl = `${service}/login?token=one-time-token`;

interface FakeWindow extends EventEmitter {
  options: unknown;
  loadedUrls: string[];
  hidden: boolean;
}

/** An event as Electron emits it: the URL on the event (for navigations), preventDefault to cancel. */
function cancellableEvent(url = '') {
  return { url, preventDefault: vi.fn() };
}

function guardedContents() {
  const contents = new EventEmitter() as EventEmitter & {
    openHandler?: (details: HandlerDetails) => WindowOpenHandlerResponse;
    setWindowOpenHandler: (handler: (details: HandlerDetails) => WindowOpenHandlerResponse) => void;
  };
  contents.setWindowOpenHandler = (handler) => (contents.openHandler = handler);
  guardNavigation(contents as unknown as WebContents, service);
  const openWindow = (url: string) =>
    contents.openHandler?.({
      url,
      frameName: '',
      features: '',
      disposition: 'foreground-tab',
    } as HandlerDetails);
  return { contents, openWindow };
}

beforeEach(() => {
  electron.openExternal.mockReset().mockResolvedValue(undefined);
  electron.windows.length = 0;
});

describe('mainWindowOptions', () => {
  it('isolates the page: its own world, no Node, sandboxed, web security on, our preload', () => {
    expect(mainWindowOptions('/app/preload.cjs').webPreferences).toEqual({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
    });
  });
});

describe('guardNavigation', () => {
  it('lets the page move within the service origin', () => {
    const { contents } = guardedContents();
    const event = cancellableEvent(`${service}/sessions/3`);
    contents.emit('will-frame-navigate', event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('cancels navigations and redirects to any other origin', () => {
    const { contents } = guardedContents();
    const away = cancellableEvent('https://example.com/');
    const local = cancellableEvent('file:///etc/passwd');
    const redirect = cancellableEvent('http://127.0.0.1:9999/');
    contents.emit('will-frame-navigate', away);
    contents.emit('will-frame-navigate', local);
    contents.emit('will-redirect', redirect);
    expect(away.preventDefault).toHaveBeenCalled();
    expect(local.preventDefault).toHaveBeenCalled();
    expect(redirect.preventDefault).toHaveBeenCalled();
  });

  it('never attaches a webview', () => {
    const { contents } = guardedContents();
    const event = cancellableEvent();
    contents.emit('will-attach-webview', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it("opens http(s) links in the user's browser and never a new window", () => {
    const { openWindow } = guardedContents();
    expect(openWindow('https://console.deepgram.com/')).toEqual({ action: 'deny' });
    expect(openWindow(`${service}/api/v1/openapi.json`)).toEqual({ action: 'deny' });
    expect(electron.openExternal.mock.calls).toEqual([
      ['https://console.deepgram.com/'],
      [`${service}/api/v1/openapi.json`],
    ]);
  });

  it('denies other schemes without opening anything', () => {
    const { openWindow } = guardedContents();
    expect(openWindow('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(openWindow('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(openWindow('smb://server/share')).toEqual({ action: 'deny' });
    expect(electron.openExternal).not.toHaveBeenCalled();
  });
});

describe('createMainWindow', () => {
  function create(hideOnClose: () => boolean): FakeWindow {
    createMainWindow({ serviceBaseUrl: service, loginUrl, preloadPath: '/app/preload.cjs', hideOnClose });
    return electron.windows[0] as FakeWindow;
  }

  it('signs in to the service with the login link, with the isolated options, and guards the page', () => {
    const window = create(() => true);
    expect(window.options).toEqual(mainWindowOptions('/app/preload.cjs'));
    expect(window.loadedUrls).toEqual([loginUrl]);
    const event = cancellableEvent('https://example.com/');
    (window as unknown as { webContents: EventEmitter }).webContents.emit('will-frame-navigate', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('hides instead of closing while hideOnClose says so, and closes once it does not', () => {
    let hide = true;
    const window = create(() => hide);
    const firstClose = cancellableEvent();
    window.emit('close', firstClose);
    expect(firstClose.preventDefault).toHaveBeenCalled();
    expect(window.hidden).toBe(true);

    hide = false;
    const secondClose = cancellableEvent();
    window.emit('close', secondClose);
    expect(secondClose.preventDefault).not.toHaveBeenCalled();
  });
});
