import type { IpcMain, IpcMainEvent } from 'electron';
import { z } from 'zod';
import { captionChannels } from './captionChannels.ts';
import { isServiceOrigin } from './serviceOrigin.ts';

const sizeSchema = z.object({ width: z.number(), height: z.number() });

/** What the page may ask of the caption overlay. */
export interface CaptionControls {
  toggle: () => void;
  setPositioning: (on: boolean) => void;
  resize: (size: { width: number; height: number }) => void;
}

/**
 * Answers the page's caption requests (window.earshot.captions) from the service's own pages only:
 * a frame of any other origin that somehow got loaded is ignored, as is anything but a boolean for
 * positioning and a pair of finite numbers for a size. Returns the function that stops answering.
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
  const resize = (event: IpcMainEvent, size: unknown) => {
    const parsed = sizeSchema.safeParse(size);
    if (fromService(event) && parsed.success) overlay.resize(parsed.data);
  };
  ipcMain.on(captionChannels.toggle, toggle);
  ipcMain.on(captionChannels.position, position);
  ipcMain.on(captionChannels.resize, resize);
  return () => {
    ipcMain.off(captionChannels.toggle, toggle);
    ipcMain.off(captionChannels.position, position);
    ipcMain.off(captionChannels.resize, resize);
  };
}
