import { nativeImage, type NativeImage } from 'electron';

/** Drawn at twice the 16-point tray size so it stays sharp on high-density screens. */
const iconPixels = 32;
const accent = { red: 0x3b, green: 0x6f, blue: 0xd9, alpha: 0xff };
const white = { red: 0xff, green: 0xff, blue: 0xff, alpha: 0xff };
/** Three level-meter bars, as fractions of the icon's height. */
const barHeights = [0.4, 0.66, 0.5];

/**
 * The tray icon as raw BGRA pixels: a rounded accent square with three white level bars. Drawn in
 * code so the shell ships no image file that the build would have to copy.
 */
export function trayIconBitmap(size: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const cornerRadius = size * 0.22;
  const barWidth = size / 8;
  const firstBarLeft = (size - barWidth * (barHeights.length * 2 - 1)) / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!insideRoundedSquare(x + 0.5, y + 0.5, size, cornerRadius)) continue;
      const onBar = barHeights.some((height, index) => {
        const left = firstBarLeft + index * barWidth * 2;
        return x >= left && x < left + barWidth && Math.abs(y + 0.5 - size / 2) <= (height * size) / 2;
      });
      const color = onBar ? white : accent;
      pixels.set([color.blue, color.green, color.red, color.alpha], (y * size + x) * 4);
    }
  }
  return pixels;
}

export function createTrayIcon(): NativeImage {
  return nativeImage.createFromBitmap(trayIconBitmap(iconPixels), {
    width: iconPixels,
    height: iconPixels,
    scaleFactor: 2,
  });
}

function insideRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  const nearestX = Math.min(Math.max(x, radius), size - radius);
  const nearestY = Math.min(Math.max(y, radius), size - radius);
  return (x - nearestX) ** 2 + (y - nearestY) ** 2 <= radius ** 2;
}
