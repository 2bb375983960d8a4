/** How the captions look, and where their window was: kept in this browser's storage. */
export interface CaptionSettings {
  /** Text size in CSS pixels. */
  fontSize: number;
  /** The backdrop's opacity, 0.3 to 1: the text itself stays fully opaque. */
  opacity: number;
  /** The pop-up or picture-in-picture window's last size and, for a pop-up, its place on the screen. */
  window: { width: number; height: number; left?: number; top?: number };
}

export const captionSettingsStorageName = 'earshot.captions';

export const fontSizes = { smallest: 16, largest: 48, step: 4 } as const;
export const opacities = { lowest: 0.3, highest: 1, step: 0.1 } as const;

export const defaultCaptionSettings: CaptionSettings = {
  fontSize: 24,
  opacity: 0.85,
  window: { width: 640, height: 180 },
};

/** The stored settings, each part that is missing or unusable replaced by its default. */
export function parseCaptionSettings(stored: string | null): CaptionSettings {
  let value: Partial<Record<keyof CaptionSettings, unknown>> = {};
  try {
    value = (JSON.parse(stored ?? '{}') as typeof value | null) ?? {};
  } catch {
    // A damaged entry is no worse than none.
  }
  const window = (typeof value.window === 'object' && value.window !== null ? value.window : {}) as Record<
    string,
    unknown
  >;
  const width = numberWithin(window.width, 240, 4000);
  const height = numberWithin(window.height, 80, 3000);
  const left = numberWithin(window.left, -10000, 10000);
  const top = numberWithin(window.top, -10000, 10000);
  return {
    fontSize:
      numberWithin(value.fontSize, fontSizes.smallest, fontSizes.largest) ?? defaultCaptionSettings.fontSize,
    opacity:
      numberWithin(value.opacity, opacities.lowest, opacities.highest) ?? defaultCaptionSettings.opacity,
    window: {
      width: width ?? defaultCaptionSettings.window.width,
      height: height ?? defaultCaptionSettings.window.height,
      ...(left === undefined || top === undefined ? {} : { left, top }),
    },
  };
}

export function readCaptionSettings(): CaptionSettings {
  return parseCaptionSettings(localStorage.getItem(captionSettingsStorageName));
}

export function saveCaptionSettings(settings: CaptionSettings): void {
  localStorage.setItem(captionSettingsStorageName, JSON.stringify(settings));
}

function numberWithin(value: unknown, lowest: number, highest: number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= lowest && value <= highest
    ? value
    : undefined;
}
