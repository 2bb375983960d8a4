import { BrowserWindow, type BrowserWindowConstructorOptions, type Rectangle } from 'electron';
import { captionChannels } from './captionChannels.ts';
import { guardNavigation, pageWebPreferences } from './mainWindow.ts';

export interface CaptionOverlayOptions {
  serviceBaseUrl: string;
  preloadPath: string;
  /** Where the overlay was last left (the shell's settings), or its first place. */
  bounds: () => Rectangle;
  /** Told the overlay's bounds after each move or resize, to remember them. */
  onBoundsChanged: (bounds: Rectangle) => void;
  /** The display the overlay is on (Electron's screen.getDisplayMatching), whose work area bounds its size. */
  displayOf: (bounds: Rectangle) => { workArea: Rectangle };
}

/** The smallest overlay: a short line of the smallest text. */
const leastSize = { width: 320, height: 90 };

/** How large the overlay first is: two lines of captions across the middle of the screen. */
const firstSize = { width: 760, height: 170 };
/** Room between the overlay and the bottom of the screen, where captions usually sit. */
const bottomMargin = 80;

/** The overlay's first place: centred near the bottom of the screen's work area. */
export function firstCaptionBounds(workArea: Rectangle): Rectangle {
  const width = Math.min(firstSize.width, workArea.width);
  return {
    x: Math.round(workArea.x + (workArea.width - width) / 2),
    y: Math.max(workArea.y, workArea.y + workArea.height - firstSize.height - bottomMargin),
    width,
    height: firstSize.height,
  };
}

/**
 * A frameless, transparent window above all others that never takes the focus when shown. It
 * loads the app's captions page with the same isolation as the main window, in the same session
 * (so with its sign-in).
 */
export function captionWindowOptions(
  preloadPath: string,
  bounds: Rectangle,
): BrowserWindowConstructorOptions {
  return {
    title: 'Earshot captions',
    ...bounds,
    minWidth: leastSize.width,
    minHeight: leastSize.height,
    frame: false,
    transparent: true,
    backgroundColor: '#00000000',
    hasShadow: false,
    alwaysOnTop: true,
    skipTaskbar: true,
    fullscreenable: false,
    resizable: true,
    show: false,
    webPreferences: pageWebPreferences(preloadPath),
  };
}

/**
 * The caption overlay: shown and hidden from the tray or the app, click-through while it shows
 * (the mouse reaches the window beneath it), except while it is being positioned, when it takes
 * the mouse so it can be dragged and resized, and shows its controls.
 */
export class CaptionOverlay {
  private window: BrowserWindow | undefined;
  private positioning = false;
  private readonly options: CaptionOverlayOptions;

  constructor(options: CaptionOverlayOptions) {
    this.options = options;
  }

  get isShown(): boolean {
    return this.window?.isVisible() === true;
  }

  toggle(): void {
    if (this.isShown) this.hide();
    else this.show();
  }

  show(): void {
    const window = this.window ?? this.open();
    this.applyPositioning(window);
    // Above full-screen windows too (a presentation, a video call).
    window.setAlwaysOnTop(true, 'screen-saver');
    window.showInactive();
  }

  hide(): void {
    this.positioning = false;
    if (this.window === undefined) return;
    this.applyPositioning(this.window);
    this.window.hide();
  }

  /** Positioning on shows the overlay and lets it take the mouse; off makes it click-through again. */
  setPositioning(on: boolean): void {
    this.positioning = on;
    if (on) this.show();
    else if (this.window !== undefined) this.applyPositioning(this.window);
  }

  /**
   * Gives the overlay a size its page asked for (its text grew, or Narrower/Wider while positioned),
   * kept between the window's least size and the screen's work area, and remembers it.
   */
  resize(size: { width: number; height: number }): void {
    const window = this.window;
    if (window === undefined) return;
    const { workArea } = this.options.displayOf(window.getBounds());
    const width = Math.round(Math.min(Math.max(size.width, leastSize.width), workArea.width));
    const height = Math.round(Math.min(Math.max(size.height, leastSize.height), workArea.height));
    window.setSize(width, height);
    this.options.onBoundsChanged(window.getBounds());
  }

  /** Closes the overlay for good (the main window closed, or the app quits). */
  destroy(): void {
    this.window?.destroy();
    this.window = undefined;
  }

  private open(): BrowserWindow {
    const { serviceBaseUrl, preloadPath } = this.options;
    const window = new BrowserWindow(captionWindowOptions(preloadPath, this.options.bounds()));
    guardNavigation(window.webContents, serviceBaseUrl);
    const remember = () => this.options.onBoundsChanged(window.getBounds());
    window.on('moved', remember);
    window.on('resized', remember);
    window.on('closed', () => {
      if (this.window === window) this.window = undefined;
    });
    // A reloaded page starts without knowing whether it is being positioned.
    window.webContents.on('did-finish-load', () =>
      window.webContents.send(captionChannels.positioning, this.positioning),
    );
    this.window = window;
    window.loadURL(`${serviceBaseUrl}/#/captions?overlay`).catch((error: Error) => {
      console.error(`Earshot: the captions could not load ${serviceBaseUrl} (${error.message}).`);
    });
    return window;
  }

  private applyPositioning(window: BrowserWindow): void {
    if (this.positioning) {
      window.setIgnoreMouseEvents(false);
      window.focus();
    } else {
      // `forward` still lets the page see the pointer move, though clicks go through.
      window.setIgnoreMouseEvents(true, { forward: true });
    }
    window.webContents.send(captionChannels.positioning, this.positioning);
  }
}
