import { EventEmitter } from 'node:events';
import type { IpcMain } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { captionChannels } from './captionChannels.ts';
import { answerCaptionRequests } from './captionRequests.ts';

const service = 'http://127.0.0.1:23456';

function answering() {
  const ipcMain = new EventEmitter();
  const overlay = { toggle: vi.fn(), setPositioning: vi.fn(), resize: vi.fn() };
  const stop = answerCaptionRequests(ipcMain as unknown as IpcMain, overlay, service);
  const from = (url: string | undefined) => ({ senderFrame: url === undefined ? null : { url } });
  return { ipcMain, overlay, stop, from };
}

describe('answerCaptionRequests', () => {
  it("shows, hides, positions and resizes the overlay when the service's page asks", () => {
    const { ipcMain, overlay, from } = answering();
    ipcMain.emit(captionChannels.toggle, from(`${service}/#/live`));
    ipcMain.emit(captionChannels.position, from(`${service}/#/captions?overlay`), false);
    ipcMain.emit(captionChannels.resize, from(`${service}/#/captions?overlay`), { width: 800, height: 240 });
    expect(overlay.toggle).toHaveBeenCalledOnce();
    expect(overlay.setPositioning.mock.calls).toEqual([[false]]);
    expect(overlay.resize.mock.calls).toEqual([[{ width: 800, height: 240 }]]);
  });

  it('ignores any other origin, a frame that is gone, a position that is not a boolean and a size that is not two numbers', () => {
    const { ipcMain, overlay, from } = answering();
    ipcMain.emit(captionChannels.toggle, from('https://example.com/'));
    ipcMain.emit(captionChannels.toggle, from(undefined));
    ipcMain.emit(captionChannels.position, from('http://127.0.0.1:9999/'), true);
    ipcMain.emit(captionChannels.position, from(`${service}/`), 'yes');
    ipcMain.emit(captionChannels.resize, from('https://example.com/'), { width: 800, height: 240 });
    ipcMain.emit(captionChannels.resize, from(`${service}/`), { width: '800', height: 240 });
    ipcMain.emit(captionChannels.resize, from(`${service}/`), { width: Number.NaN, height: 240 });
    ipcMain.emit(captionChannels.resize, from(`${service}/`), {
      width: Number.POSITIVE_INFINITY,
      height: 240,
    });
    ipcMain.emit(captionChannels.resize, from(`${service}/`), 800);
    expect(overlay.toggle).not.toHaveBeenCalled();
    expect(overlay.setPositioning).not.toHaveBeenCalled();
    expect(overlay.resize).not.toHaveBeenCalled();
  });

  it('stops answering when stopped', () => {
    const { ipcMain, stop } = answering();
    stop();
    expect(ipcMain.eventNames()).toEqual([]);
  });
});
