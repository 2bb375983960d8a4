import type { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captionChannels } from './captionChannels.ts';
import { CaptionOverlay, captionWindowOptions, firstCaptionBounds } from './captionWindow.ts';
import { mainWindowOptions } from './mainWindow.ts';

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

const electron = vi.hoisted(() => ({ windows: [] as unknown[] }));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  class FakeWebContents extends EventEmitter {
    readonly sent: Array<[string, unknown]> = [];
    setWindowOpenHandler() {}
    send(channel: string, value: unknown) {
      this.sent.push([channel, value]);
    }
  }
  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    readonly loadedUrls: string[] = [];
    readonly ignoringMouse: Array<[boolean, unknown]> = [];
    readonly onTop: unknown[][] = [];
    visible = false;
    destroyed = false;
    bounds: Bounds;
    readonly options: { x: number; y: number; width: number; height: number };
    constructor(options: { x: number; y: number; width: number; height: number }) {
      super();
      this.options = options;
      this.bounds = { x: options.x, y: options.y, width: options.width, height: options.height };
      electron.windows.push(this);
    }
    loadURL(url: string) {
      this.loadedUrls.push(url);
      return Promise.resolve();
    }
    isVisible() {
      return this.visible;
    }
    showInactive() {
      this.visible = true;
    }
    hide() {
      this.visible = false;
    }
    focus() {}
    destroy() {
      this.destroyed = true;
      this.emit('closed');
    }
    setAlwaysOnTop(...parameters: unknown[]) {
      this.onTop.push(parameters);
    }
    setIgnoreMouseEvents(ignore: boolean, options?: unknown) {
      this.ignoringMouse.push([ignore, options]);
    }
    getBounds() {
      return this.bounds;
    }
    setSize(width: number, height: number) {
      this.bounds = { ...this.bounds, width, height };
    }
  }
  return { BrowserWindow: FakeBrowserWindow, shell: { openExternal: vi.fn() } };
});

interface FakeWindow extends EventEmitter {
  webContents: EventEmitter & { sent: Array<[string, unknown]> };
  loadedUrls: string[];
  ignoringMouse: Array<[boolean, unknown]>;
  onTop: unknown[][];
  visible: boolean;
  bounds: Bounds;
  options: unknown;
}

const service = 'http://127.0.0.1:23456';
const remembered = { x: 100, y: 700, width: 800, height: 160 };

function overlay() {
  const onBoundsChanged = vi.fn<(bounds: Bounds) => void>();
  const captions = new CaptionOverlay({
    serviceBaseUrl: service,
    preloadPath: '/app/preload.cjs',
    bounds: () => remembered,
    onBoundsChanged,
    displayOf: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }),
  });
  const window = () => electron.windows.at(-1) as FakeWindow;
  return { captions, onBoundsChanged, window };
}

beforeEach(() => {
  electron.windows.length = 0;
});

describe('captionWindowOptions', () => {
  it('is a frameless, transparent window above the others, off the taskbar, where it was left', () => {
    const options = captionWindowOptions('/app/preload.cjs', remembered);
    expect(options).toMatchObject({
      ...remembered,
      frame: false,
      transparent: true,
      alwaysOnTop: true,
      skipTaskbar: true,
      show: false,
    });
  });

  it('isolates its page exactly as the main window does', () => {
    expect(captionWindowOptions('/app/preload.cjs', remembered).webPreferences).toEqual(
      mainWindowOptions('/app/preload.cjs').webPreferences,
    );
  });
});

describe('firstCaptionBounds', () => {
  it('centres the overlay near the bottom of the work area', () => {
    expect(firstCaptionBounds({ x: 0, y: 0, width: 1920, height: 1040 })).toEqual({
      x: 580,
      y: 790,
      width: 760,
      height: 170,
    });
  });

  it('fits a narrow screen and stays on a second screen', () => {
    expect(firstCaptionBounds({ x: 1920, y: 100, width: 600, height: 200 })).toEqual({
      x: 1920,
      y: 100,
      width: 600,
      height: 170,
    });
  });
});

describe('CaptionOverlay', () => {
  it('opens the captions page of the service as an overlay, click-through, without taking the focus', () => {
    const { captions, window } = overlay();
    captions.toggle();

    expect(electron.windows).toHaveLength(1);
    expect(window().loadedUrls).toEqual([`${service}/#/captions?overlay`]);
    expect(window().visible).toBe(true);
    expect(window().ignoringMouse.at(-1)).toEqual([true, { forward: true }]);
    expect(window().onTop.at(-1)).toEqual([true, 'screen-saver']);
    expect(captions.isShown).toBe(true);
  });

  it('keeps its page on the service: a navigation elsewhere is cancelled', () => {
    const { captions, window } = overlay();
    captions.show();
    const event = { url: 'https://example.com/', preventDefault: vi.fn() };
    window().webContents.emit('will-frame-navigate', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('hides when toggled again and shows the same window the next time', () => {
    const { captions, window } = overlay();
    captions.toggle();
    captions.toggle();
    expect(window().visible).toBe(false);
    captions.toggle();
    expect(window().visible).toBe(true);
    expect(electron.windows).toHaveLength(1);
  });

  it('takes the mouse while positioned, tells its page so, and lets clicks through again after', () => {
    const { captions, window } = overlay();
    captions.setPositioning(true);
    expect(window().visible).toBe(true);
    expect(window().ignoringMouse.at(-1)).toEqual([false, undefined]);
    expect(window().webContents.sent.at(-1)).toEqual([captionChannels.positioning, true]);

    captions.setPositioning(false);
    expect(window().ignoringMouse.at(-1)).toEqual([true, { forward: true }]);
    expect(window().webContents.sent.at(-1)).toEqual([captionChannels.positioning, false]);
  });

  it('tells a page that (re)loads whether it is being positioned', () => {
    const { captions, window } = overlay();
    captions.setPositioning(true);
    window().webContents.sent.length = 0;
    window().webContents.emit('did-finish-load');
    expect(window().webContents.sent).toEqual([[captionChannels.positioning, true]]);
  });

  it('ends positioning when hidden', () => {
    const { captions, window } = overlay();
    captions.setPositioning(true);
    captions.hide();
    expect(window().ignoringMouse.at(-1)).toEqual([true, { forward: true }]);
    captions.show();
    expect(window().webContents.sent.at(-1)).toEqual([captionChannels.positioning, false]);
  });

  it('reports its bounds after a move or a resize, to be remembered', () => {
    const { captions, window, onBoundsChanged } = overlay();
    captions.show();
    window().bounds = { x: 10, y: 20, width: 900, height: 200 };
    window().emit('moved');
    window().bounds = { x: 10, y: 20, width: 1000, height: 220 };
    window().emit('resized');
    expect(onBoundsChanged.mock.calls).toEqual([
      [{ x: 10, y: 20, width: 900, height: 200 }],
      [{ x: 10, y: 20, width: 1000, height: 220 }],
    ]);
  });

  it('opens a new window after the old one was destroyed', () => {
    const { captions } = overlay();
    captions.show();
    captions.destroy();
    expect(captions.isShown).toBe(false);
    captions.show();
    expect(electron.windows).toHaveLength(2);
  });

  it('takes the size its page asks for, within its least size and the screen, and remembers it', () => {
    const { captions, window, onBoundsChanged } = overlay();
    captions.resize({ width: 900, height: 200 });
    expect(electron.windows).toHaveLength(0);

    captions.show();
    captions.resize({ width: 900.4, height: 260.6 });
    expect(window().bounds).toEqual({ x: 100, y: 700, width: 900, height: 261 });
    captions.resize({ width: 10, height: 5000 });
    expect(window().bounds).toEqual({ x: 100, y: 700, width: 320, height: 1040 });
    expect(onBoundsChanged.mock.calls.map(([bounds]) => bounds)).toEqual([
      { x: 100, y: 700, width: 900, height: 261 },
      { x: 100, y: 700, width: 320, height: 1040 },
    ]);
  });
});
