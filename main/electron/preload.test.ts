import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../ui/desktop/desktopBridge.ts';
import { captionChannels } from './captionChannels.ts';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  return {
    exposeInMainWorld: vi.fn<(key: string, api: unknown) => void>(),
    sendSync: vi.fn<(channel: string) => unknown>(),
    send: vi.fn<(channel: string, ...values: unknown[]) => void>(),
    ipcRenderer: new EventEmitter(),
  };
});

vi.mock('electron', () => ({
  ipcRenderer: Object.assign(electron.ipcRenderer, { sendSync: electron.sendSync, send: electron.send }),
  contextBridge: { exposeInMainWorld: electron.exposeInMainWorld },
}));

/** Runs the preload script afresh, as Electron does for each page, and returns what it showed the page. */
async function runPreload(): Promise<DesktopBridge> {
  vi.resetModules();
  await import('./preload.ts');
  return electron.exposeInMainWorld.mock.calls[0]?.[1] as DesktopBridge;
}

beforeEach(() => {
  electron.exposeInMainWorld.mockReset();
  electron.sendSync.mockReset();
  electron.send.mockReset();
  electron.ipcRenderer.removeAllListeners();
});

describe('the preload', () => {
  it('tells the page it runs in the desktop shell, and hands it no credential', async () => {
    const bridge = await runPreload();

    expect(electron.exposeInMainWorld.mock.calls).toEqual([['earshot', expect.any(Object)]]);
    expect(Object.keys(bridge).sort()).toEqual(['captions', 'desktop', 'platform']);
    expect(bridge).toMatchObject({ desktop: true, platform: process.platform });
    expect(Object.keys(bridge.captions).sort()).toEqual(['onPositioning', 'position', 'resize', 'toggle']);
    expect(electron.sendSync).not.toHaveBeenCalled();
  });

  it('lets the page show, hide, position and resize the caption overlay, sending only what each needs', async () => {
    const { captions } = await runPreload();
    captions.toggle();
    captions.position(true);
    captions.position('yes' as unknown as boolean);
    captions.resize({ width: 800, height: 240, ...{ url: 'file:///' } });
    expect(electron.send.mock.calls).toEqual([
      [captionChannels.toggle],
      [captionChannels.position, true],
      [captionChannels.position, false],
      [captionChannels.resize, { width: 800, height: 240 }],
    ]);
  });

  it('tells the overlay page when positioning starts and ends, until it stops listening', async () => {
    const { captions } = await runPreload();
    const heard: boolean[] = [];
    const stop = captions.onPositioning((on) => heard.push(on));
    electron.ipcRenderer.emit(captionChannels.positioning, {}, true);
    electron.ipcRenderer.emit(captionChannels.positioning, {}, false);
    stop();
    electron.ipcRenderer.emit(captionChannels.positioning, {}, true);
    expect(heard).toEqual([true, false]);
    expect(electron.ipcRenderer.listenerCount(captionChannels.positioning)).toBe(0);
  });
});
