import { describe, expect, it, vi } from 'vitest';
import { createTray } from './tray.ts';
import { trayIconBitmap } from './trayIcon.ts';

interface MenuItem {
  label?: string;
  type?: string;
  click?: () => void;
}

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeTray extends EventEmitter {
    menu: MenuItem[] = [];
    tooltip = '';
    readonly image: unknown;
    constructor(image: unknown) {
      super();
      this.image = image;
    }
    setToolTip(tooltip: string) {
      this.tooltip = tooltip;
    }
    setContextMenu(menu: MenuItem[]) {
      this.menu = menu;
    }
  }
  return { FakeTray, createFromBitmap: vi.fn(() => ({ kind: 'tray image' })) };
});

vi.mock('electron', () => ({
  Tray: electron.FakeTray,
  Menu: { buildFromTemplate: (template: MenuItem[]) => template },
  nativeImage: { createFromBitmap: electron.createFromBitmap },
}));

function trayActions() {
  return {
    showWindow: vi.fn(),
    openInBrowser: vi.fn(),
    toggleCaptions: vi.fn(),
    positionCaptions: vi.fn(),
    quit: vi.fn(),
  };
}

describe('createTray', () => {
  it('offers Show window, Open in browser, the captions and Quit, each doing its action', () => {
    const actions = trayActions();
    const tray = createTray(actions) as unknown as InstanceType<typeof electron.FakeTray>;

    expect(tray.menu.map((item) => item.label ?? item.type)).toEqual([
      'Show window',
      'Open in browser',
      'separator',
      'Show or hide captions',
      'Position captions',
      'separator',
      'Quit',
    ]);
    tray.menu.find((item) => item.label === 'Open in browser')?.click?.();
    tray.menu.find((item) => item.label === 'Show or hide captions')?.click?.();
    tray.menu.find((item) => item.label === 'Position captions')?.click?.();
    tray.menu.find((item) => item.label === 'Quit')?.click?.();
    expect(actions.openInBrowser).toHaveBeenCalledOnce();
    expect(actions.toggleCaptions).toHaveBeenCalledOnce();
    expect(actions.positionCaptions).toHaveBeenCalledOnce();
    expect(actions.quit).toHaveBeenCalledOnce();
    expect(actions.showWindow).not.toHaveBeenCalled();
  });

  it('shows the window on a click on the icon', () => {
    const actions = trayActions();
    const tray = createTray(actions) as unknown as InstanceType<typeof electron.FakeTray>;
    tray.emit('click');
    expect(actions.showWindow).toHaveBeenCalledOnce();
  });

  it('uses a 32-pixel icon drawn at scale 2 (16 points)', () => {
    createTray(trayActions());
    expect(electron.createFromBitmap).toHaveBeenCalledWith(expect.any(Buffer), {
      width: 32,
      height: 32,
      scaleFactor: 2,
    });
  });
});

describe('trayIconBitmap', () => {
  const size = 32;
  const pixels = trayIconBitmap(size);
  /** [blue, green, red, alpha] at (x, y). */
  const pixel = (x: number, y: number) => [...pixels.subarray((y * size + x) * 4, (y * size + x) * 4 + 4)];

  it('holds one BGRA pixel per point', () => {
    expect(pixels.length).toBe(size * size * 4);
  });

  it('leaves the rounded corners transparent and fills the square with the accent', () => {
    expect(pixel(0, 0)[3]).toBe(0);
    expect(pixel(size - 1, size - 1)[3]).toBe(0);
    expect(pixel(2, size / 2)).toEqual([0xd9, 0x6f, 0x3b, 0xff]);
  });

  it('draws the middle level bar in white through the centre, taller than the others', () => {
    expect(pixel(size / 2 - 1, size / 2)).toEqual([0xff, 0xff, 0xff, 0xff]);
    expect(pixel(size / 2 - 1, 7)).toEqual([0xff, 0xff, 0xff, 0xff]);
    expect(pixel(7, 7)).toEqual([0xd9, 0x6f, 0x3b, 0xff]);
  });
});
