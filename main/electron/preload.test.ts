import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  exposeInMainWorld: vi.fn<(key: string, api: unknown) => void>(),
  sendSync: vi.fn<(channel: string) => unknown>(),
}));

vi.mock('electron', () => ({
  ipcRenderer: { sendSync: electron.sendSync },
  contextBridge: { exposeInMainWorld: electron.exposeInMainWorld },
}));

/** Runs the preload script afresh, as Electron does for each page. */
async function runPreload(): Promise<void> {
  vi.resetModules();
  await import('./preload.ts');
}

beforeEach(() => {
  electron.exposeInMainWorld.mockReset();
  electron.sendSync.mockReset();
});

describe('the preload', () => {
  it('tells the page it runs in the desktop shell, and hands it no credential', async () => {
    await runPreload();

    expect(electron.exposeInMainWorld.mock.calls).toEqual([
      ['earshot', { desktop: true, platform: process.platform }],
    ]);
    expect(electron.sendSync).not.toHaveBeenCalled();
  });
});
