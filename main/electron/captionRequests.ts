import type { IpcMain, IpcMainEvent } from 'electron';
import { captionChannels } from './captionChannels.ts';
import { isServiceOrigin } from './serviceOrigin.ts';

/** What the page may ask of the caption overlay. */
export interface CaptionControls {
  toggle: () => void;
  setPositioning: (on: boolean) => void;
}

/**
 * Answers the page's caption requests (window.earshot.captions) from the service's own pages only:
 * a frame of any other origin that somehow got loaded is ignored, as is anything but a boolean for
 * positioning. Returns the function that stops answering.
 */
export function answerCaptionRequests(
  ipcMain: IpcMain,
  overlay: CaptionControls,
  serviceBaseUrl: string,
): () => void {
  const fromService = (event: IpcMainEvent) => isServiceOrigin(event.senderFrame?.url ?? '', serviceBaseUrl);
  const toggle = (event: IpcMainEvent) => {
    if (fromService(event)) overlay.toggle();
  };
  const position = (event: IpcMainEvent, on: unknown) => {
    if (fromService(event) && typeof on === 'boolean') overlay.setPositioning(on);
  };
  ipcMain.on(captionChannels.toggle, toggle);
  ipcMain.on(captionChannels.position, position);
  return () => {
    ipcMain.off(captionChannels.toggle, toggle);
    ipcMain.off(captionChannels.position, position);
  };
}
