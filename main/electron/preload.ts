import { contextBridge, ipcRenderer } from 'electron';
import { launchSecretChannel, type DesktopBridge } from './desktopBridge.ts';

// Runs sandboxed before the page: it may only require('electron'), so the build bundles it into
// one CommonJS file. The secret comes over IPC because a command line or URL would expose it.
const launchSecret: unknown = ipcRenderer.sendSync(launchSecretChannel);
if (typeof launchSecret === 'string') {
  const bridge: DesktopBridge = { launchSecret, desktop: true, platform: process.platform };
  contextBridge.exposeInMainWorld('earshot', bridge);
}
