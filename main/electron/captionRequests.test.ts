import { EventEmitter } from 'node:events';
import type { IpcMain } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { captionChannels } from './captionChannels.ts';
import { answerCaptionRequests } from './captionRequests.ts';

const service = 'http://127.0.0.1:23456';

function answering() {
  const ipcMain = new EventEmitter();
  const overlay = { toggle: vi.fn(), setPositioning: vi.fn() };
  const stop = answerCaptionRequests(ipcMain as unknown as IpcMain, overlay, service);
  const from = (url: string | undefined) => ({ senderFrame: url === undefined ? null : { url } });
  return { ipcMain, overlay, stop, from };
}

describe('answerCaptionRequests', () => {
  it("shows, hides and positions the overlay when the service's page asks", () => {
    const { ipcMain, overlay, from } = answering();
    ipcMain.emit(captionChannels.toggle, from(`${service}/#/live`));
    ipcMain.emit(captionChannels.position, from(`${service}/#/captions?overlay`), false);
    expect(overlay.toggle).toHaveBeenCalledOnce();
    expect(overlay.setPositioning.mock.calls).toEqual([[false]]);
  });

  it('ignores any other origin, a frame that is gone, and a position that is not a boolean', () => {
    const { ipcMain, overlay, from } = answering();
    ipcMain.emit(captionChannels.toggle, from('https://example.com/'));
    ipcMain.emit(captionChannels.toggle, from(undefined));
    ipcMain.emit(captionChannels.position, from('http://127.0.0.1:9999/'), true);
    ipcMain.emit(captionChannels.position, from(`${service}/`), 'yes');
    expect(overlay.toggle).not.toHaveBeenCalled();
    expect(overlay.setPositioning).not.toHaveBeenCalled();
  });

  it('stops answering when stopped', () => {
    const { ipcMain, stop } = answering();
    stop();
    expect(ipcMain.eventNames()).toEqual([]);
  });
});
