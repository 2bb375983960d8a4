import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  sendSync: vi.fn<(channel: string) => unknown>(),
  exposeInMainWorld: vi.fn<(key: string, api: unknown) => void>(),
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
  electron.sendSync.mockReset();
  electron.exposeInMainWorld.mockReset();
});

describe('the preload', () => {
  it('asks the main process for the launch secret and shows the page window.earshot', async () => {
    electron.sendSync.mockReturnValue('launch-secret-value');

    await runPreload();

    expect(electron.sendSync).toHaveBeenCalledWith('earshot:launch-secret');
    expect(electron.exposeInMainWorld.mock.calls).toEqual([
      ['earshot', { launchSecret: 'launch-secret-value', desktop: true, platform: process.platform }],
    ]);
  });

  it('exposes nothing when the main process refuses (a page of another origin)', async () => {
    electron.sendSync.mockReturnValue(null);

    await runPreload();

    expect(electron.exposeInMainWorld).not.toHaveBeenCalled();
  });
});
