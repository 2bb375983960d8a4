import { ipcMain, type IpcMainEvent } from 'electron';
import { launchSecretChannel } from './desktopBridge.ts';
import { isServiceOrigin } from './serviceOrigin.ts';

/**
 * Answers the preload's synchronous request for the launch secret. Only a frame showing the
 * service's own page gets it; any other page (had one loaded despite the navigation guard) gets null.
 */
export function answerLaunchSecretRequests(launchSecret: string, serviceBaseUrl: string): void {
  ipcMain.on(launchSecretChannel, (event: IpcMainEvent) => {
    const frameUrl = event.senderFrame?.url ?? '';
    event.returnValue = isServiceOrigin(frameUrl, serviceBaseUrl) ? launchSecret : null;
  });
}
