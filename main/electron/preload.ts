import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge } from '../../ui/desktop/desktopBridge.ts';
import { captionChannels } from './captionChannels.ts';

// Runs sandboxed before the page: it may only require('electron'), so the build bundles it into
// one CommonJS file. It hands the page no credential: the window signs in through a one-time login
// link that the main process opens, like a browser does. The page can only ask the shell to show,
// hide, position or resize the caption overlay, and hear whether it is being positioned.
const bridge: DesktopBridge = {
  desktop: true,
  platform: process.platform,
  captions: {
    toggle: () => ipcRenderer.send(captionChannels.toggle),
    position: (on) => ipcRenderer.send(captionChannels.position, on === true),
    resize: ({ width, height }) => ipcRenderer.send(captionChannels.resize, { width, height }),
    onPositioning: (listener) => {
      const forward = (_event: IpcRendererEvent, on: unknown) => listener(on === true);
      ipcRenderer.on(captionChannels.positioning, forward);
      return () => {
        ipcRenderer.off(captionChannels.positioning, forward);
      };
    },
  },
};
contextBridge.exposeInMainWorld('earshot', bridge);
