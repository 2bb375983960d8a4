/**
 * What the desktop shell's preload shows the page as `window.earshot` (absent in a browser): that
 * it runs in the shell, and the caption overlay's controls. The shell's main process does the work;
 * these only ask it.
 */
export interface DesktopBridge {
  desktop: true;
  platform: string;
  captions: DesktopCaptions;
}

export interface DesktopCaptions {
  /** Shows the caption overlay, or hides it when it shows. */
  toggle: () => void;
  /** Turns the overlay's positioning on (it takes the mouse, to be moved and resized) or off (clicks pass through). */
  position: (on: boolean) => void;
  /** Asks the shell to give the overlay this size (CSS pixels); it keeps the size within the screen. */
  resize: (size: { width: number; height: number }) => void;
  /** Calls `listener` when positioning starts or ends; returns the function that stops listening. */
  onPositioning: (listener: (on: boolean) => void) => () => void;
}

/** The shell's bridge, or undefined in a browser. */
export function desktopBridge(): DesktopBridge | undefined {
  return (globalThis as { earshot?: DesktopBridge }).earshot;
}
