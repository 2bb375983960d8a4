import { contextBridge } from 'electron';
import type { DesktopBridge } from './desktopBridge.ts';

// Runs sandboxed before the page: it may only require('electron'), so the build bundles it into
// one CommonJS file. It hands the page no credential: the window signs in through a one-time login
// link that the main process opens, like a browser does.
const bridge: DesktopBridge = { desktop: true, platform: process.platform };
contextBridge.exposeInMainWorld('earshot', bridge);
